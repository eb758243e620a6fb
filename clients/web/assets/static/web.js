// Grisonval's web face: the only script of the pages, and optional. It
// polls the page's small state (data-state) every data-poll ms, refreshes
// the banner's counters in place, and when a new day was played it
// fetches the page again and swaps its content without a navigation,
// keeping the scroll position and the open tab. Every page works without it.
(function () {
  'use strict';
  document.documentElement.classList.add('js');
  var body = document.body;

  var scrub = document.getElementById('scrubber');
  if (scrub) {
    scrub.addEventListener('change', function () { scrub.submit(); });
  }

  var url = body.dataset.state;
  if (!url) { return; }
  var poll = Number(body.dataset.poll) || 20000;
  var live = document.getElementById('live');
  var busy = false;

  function setLive(ok) {
    if (!live) { return; }
    live.classList.toggle('on', ok);
    live.classList.toggle('off', !ok);
    // The titles are the page's, in its language.
    // (data-up and data-down: html/template would write a data-on* as a
    // script.)
    live.title = ok ? live.dataset.up : live.dataset.down;
  }

  function apply(st) {
    var k = st.k || {}, t = st.t || {};
    Object.keys(k).forEach(function (key) {
      document.querySelectorAll('[data-k="' + key + '"]').forEach(function (el) { el.textContent = k[key]; });
    });
    Object.keys(t).forEach(function (key) {
      document.querySelectorAll('[data-t="' + key + '"]').forEach(function (el) { el.textContent = t[key]; });
    });
  }

  // editing says whether the visitor is filling a form of the content: its
  // swap then waits, so that nothing typed is lost.
  function editing() {
    var a = document.activeElement;
    var content = document.getElementById('content');
    return a && content && content.contains(a) && /^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName) && a.type !== 'radio';
  }

  function reload() {
    return fetch(location.href, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'text/html' } })
      .then(function (r) { if (!r.ok) { throw new Error('status ' + r.status); } return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var fresh = doc.getElementById('content');
        var cur = document.getElementById('content');
        if (!fresh || !cur) { return; }
        var tab = cur.querySelector('.tabs > input:checked');
        var x = window.scrollX, y = window.scrollY;
        fresh = document.adoptNode(fresh);
        if (tab) {
          var same = fresh.querySelector('#' + tab.id);
          if (same) { same.checked = true; }
        }
        cur.replaceWith(fresh);
        window.scrollTo(x, y);
        body.dataset.day = doc.body.dataset.day;
        document.title = doc.title;
        document.dispatchEvent(new CustomEvent('gv:swap'));
      });
  }

  function tick() {
    if (busy) { return; }
    busy = true;
    fetch(url, { credentials: 'same-origin', cache: 'no-store' })
      .then(function (r) { if (!r.ok) { throw new Error('status ' + r.status); } return r.json(); })
      .then(function (st) {
        setLive(true);
        apply(st);
        document.dispatchEvent(new CustomEvent('gv:state', { detail: st }));
        if (String(st.day) !== body.dataset.day && !editing()) { return reload(); }
      })
      .catch(function () { setLive(false); })
      .then(function () { busy = false; });
  }

  setLive(true);
  setInterval(tick, poll);
})();
