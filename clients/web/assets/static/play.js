// Grisonval's web face: the camp page's notifications (issue 31), optional
// like web.js, whose polled state it reads (the gv:state event). Once the
// player asks for them (the page's button, shown only with JavaScript), it
// tells of a day resolved, of a deadline a minute away with nothing posted,
// and of a message received, as browser notifications; the page's title
// counts what the player has not looked at since it last touched the page.
(function () {
  'use strict';
  var box = document.getElementById('notify');
  if (!box || !('Notification' in window)) { return; }
  var btn = box.querySelector('button');
  var unread = 0, base = document.title, last = null, warned = {};

  function title() {
    base = document.title.replace(/^\(\d+\) /, '');
    document.title = unread > 0 ? '(' + unread + ') ' + base : base;
  }
  function on() { return localStorage.getItem('gv-notify') === 'on' && Notification.permission === 'granted'; }
  function show() {
    box.hidden = false;
    btn.textContent = on() ? box.dataset.disable : box.dataset.enable;
  }
  function tell(text) {
    unread++;
    title();
    if (on()) { new Notification(text, { tag: 'grisonval' }); }
  }
  btn.addEventListener('click', function () {
    if (on()) {
      localStorage.setItem('gv-notify', 'off');
      show();
      return;
    }
    Notification.requestPermission().then(function (p) {
      localStorage.setItem('gv-notify', p === 'granted' ? 'on' : 'off');
      show();
    });
  });
  ['pointerdown', 'keydown'].forEach(function (e) {
    document.addEventListener(e, function () { unread = 0; title(); });
  });
  document.addEventListener('visibilitychange', function () {
    if (!document.hidden) { unread = 0; title(); }
  });
  document.addEventListener('gv:swap', title);
  document.addEventListener('gv:state', function (ev) {
    var st = ev.detail, k = st.k || {};
    if (last) {
      if (st.day > last.day) { tell(box.dataset.day.replace('%d', st.day)); }
      if ((k.inbox || 0) > (last.k.inbox || 0)) { tell(box.dataset.message); }
    }
    var dl = k['deadline.ms'] || 0;
    if (dl && !k.posted && dl - Date.now() < 60000 && dl > Date.now() && !warned[dl]) {
      warned[dl] = true;
      tell(box.dataset.deadline);
    }
    last = { day: st.day, k: k };
  });
  show();
})();
