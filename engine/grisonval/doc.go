// Package engine holds the rules of Grisonval (seed 000): a pure,
// deterministic function from a world, the three camps' orders and the
// world's seed to the next world, the orders' results and the day's journal.
//
// The engine does no I/O, reads no clock, starts no goroutine and uses no
// global random source: every draw comes from a stream keyed by (world seed,
// tick, camp, purpose), and under RulesMastery by the season too, see
// World.Rand. Functions never modify the World they are given; Resolve
// returns a new one.
//
// # A tick
//
// Resolve plays one tick (one game day). The three orders are validated
// against the state at the start of the tick and resolved together, in this
// fixed order of phases; no order sees another order of the same tick:
//
//  1. orders: each order is checked again against the start-of-tick state;
//     one that is no longer valid is stale and the camp does nothing.
//  2. actions: each camp's action is applied; actions touch only their own
//     camp (resources, field army, garrisons) and launch columns;
//     diplomatic orders are only gathered.
//  3. diplomacy: pair by pair, declarations of war, answers and proposals
//     (two crossing proposals sign the pact; a declaration of war voids the
//     pair's other orders); a peace lifts the sieges between its camps;
//     unanswered proposals expire; columns bound for the land of a camp at
//     peace with their own turn back.
//  4. production: every held zone yields its terrain's income and every
//     building its output (times its workers' multiplier and the camp's
//     tier bonuses, halved while degraded); schools' research may reach a
//     tier; the taxes come in; temples and the monument raise morale;
//     trade routes pay.
//  5. upkeep: every camp pays its buildings, territory and governance
//     upkeep (unpaid: buildings degrade, morale -3); wood over 150 rots;
//     the edicts' consumption is paid (unpaid: a broken promise) and taxes
//     and holidays move morale.
//  6. consumption: every camp eats; a camp that cannot eat starves (a
//     civilian dies first). Under RulesWar the food beyond 80 days of the
//     meal then spoils.
//  7. events: each camp draws its natural event of the day (25 %): disease,
//     migrants, harvest, blight, epidemic, fire, vein, festival, storm,
//     wandering scholar.
//  8. society: every citizen ages a year; elders may die (at most 2 a day);
//     a child may be born (at most 1 a day); the promotion edict may draw a
//     migrant; moods drift to morale, bend to aspirations and move each
//     other, then pull morale; civilians gain experience and levels.
//  9. marches: under 45 morale a column may lose a deserter (an emptied
//     column disperses); under 25 it may lose one more day.
//  10. arrivals: columns whose arrival day has come reach their zone; columns
//     of several camps on one zone meet first, then the survivor takes a free
//     zone, joins its garrison, reinforces its camp's siege, breaks another
//     camp's siege lines, or engages the holder: a won first engagement
//     invests the zone (a siege starts); the dead are real citizens. Under
//     RulesMastery a holder that breaks an assault takes its loot.
//  11. sieges: attrition, then the decisive assault on the countdown's last
//     day, or the siege is lifted if the defence has caught up; besieged
//     zones cost their camp morale.
//  12. extinction: a camp with no zone, no column and no siege lines left is
//     extinct; all its pacts fall. Under RulesWar a camp that holds
//     something but has no people left collapses: its land goes free, its
//     pacts fall, and a new colony is founded on a free zone elsewhere.
//  13. cut-off: a zone no longer linked to its camp's capital by held
//     zones is cut off (it produces half and its camp suffers unrest); one
//     cut off for 10 days without a garrison goes free; a zone linked again
//     today is whole at once.
//  14. politics: each camp's government gives its daily due; legitimacy
//     moves with the day's victories, defeats, zones, famine, surplus,
//     sieges, morale, lost legends, loyalty and unrest; under 30 unrest
//     lowers morale; 5 days under 15 bring a coup.
//  15. succession: a camp whose capital fell on an earlier day names a new
//     one.
//  16. council: a camp whose ruler seat has stood vacant three days names a
//     regent, the highest-level adult without a seat; he rules from the
//     next day. Under RulesMastery every seat vacant at the day's end
//     passes to its heir instead, who serves from the next day.
//  17. spies: the day's informers report the end-of-day state of their zone,
//     or fail.
//  18. achievements: each camp unlocks, once and for good, every achievement
//     whose condition holds.
//  19. vision: every camp surveys the zones it holds (their special
//     terrain), its memory of the zones it sees is refreshed, and the
//     day's news is delivered to the camps involved or seeing its zone.
//     Under RulesVictory each camp's men under arms at the day's end are
//     then added to its men-under-arms-days (Camp.ArmsDays), which the
//     season's camp score weighs (docs/career.md CAR-VETERANS).
//
// docs/rules.md gives every rule an ID and the seed paragraph it comes from.
package grisonval
