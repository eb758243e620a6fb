package lang

// names are the display names of the codes the game sends on the wire
// (seasons of the year, governments, archetypes, jobs, buildings,
// traits, aspirations, ongoing events, relations), in
// both languages. The codes stay the same on the wire, in rule IDs and in
// action names; only what a player reads is named.
var names = map[string]Text{
	// The seasons of the year (GrisonvalView.year_season).
	"spring": T("spring", "printemps"), "summer": T("summer", "été"), "autumn": T("autumn", "automne"),
	"winter": T("winter", "hiver"),
	// The forms of government (rule POL-2; the engine's GovernmentForm.Name).
	"autocracy": T("autocracy", "autocratie"), "oligarchy": T("oligarchy", "oligarchie"),
	"overlord": T("overlordship", "suzeraineté"), "republic": T("republic", "république"),
	"theocracy": T("theocracy", "théocratie"), "scholarchy": T("college of scholars", "collège des savants"),
	// The camps' archetypes (rule AI-ARCH; seed 000: "une ligue marchande",
	// "un clan guerrier").
	"builders": T("builders", "bâtisseurs"), "warrior_clan": T("warrior clan", "clan guerrier"),
	"merchant_league": T("merchant league", "ligue marchande"),
	// The jobs (the engine's jobNamesFR, masculine).
	"farmer": T("farmer", "fermier"), "woodcutter": T("woodcutter", "bûcheron"), "miner": T("miner", "mineur"),
	"artisan": T("artisan", "artisan"), "merchant": T("merchant", "marchand"), "scholar": T("scholar", "érudit"),
	"builder": T("builder", "bâtisseur"), "guard": T("guard", "garde"), "priest": T("priest", "prêtre"),
	// The buildings (the engine's Building.Name, without the article).
	"farm": T("farm", "ferme"), "lumber_camp": T("lumber camp", "camp de bûcherons"), "mine": T("mine", "mine"),
	"workshop": T("workshop", "atelier"), "market": T("market", "marché"), "school": T("school", "école"),
	"house": T("house", "maison"), "barracks": T("barracks", "caserne"), "walls": T("walls", "murailles"),
	"temple": T("temple", "temple"),
	// The citizens' traits and aspirations (rules CIT-SOC, CIT-XP; seed
	// 000: "un habitant sociable", "un anxieux", "les solitaires", "les
	// ambitieux").
	"steady": T("steady", "posé"), "sociable": T("sociable", "sociable"), "anxious": T("anxious", "anxieux"),
	"loner": T("loner", "solitaire"), "ambitious": T("ambitious", "ambitieux"), "curious": T("curious", "curieux"),
	"family": T("family", "famille"), "plenty": T("plenty", "abondance"), "knowledge": T("knowledge", "savoir"),
	"faith": T("faith", "foi"), "glory": T("glory", "gloire"), "mastery": T("mastery", "maîtrise"),
	// The kingdom's ongoing events (rule EVK-ONGOING; the engine's
	// ongoingKinds names).
	"bandits": T("bandits", "brigands"), "plague": T("plague", "peste"), "cult": T("cult", "fanatiques"),
	"smugglers": T("smugglers", "contrebandiers"), "monster": T("monster", "monstre"),
	"good_weather": T("good weather", "beau temps"), "blessing": T("natural blessing", "bénédiction naturelle"),
	"political_calm": T("political calm", "calme politique"), "scandal": T("public scandal", "scandale public"),
	"land_rush": T("land rush", "ruée vers la terre"),
	// The relations and pacts between camps (rule DIP-1), and the
	// aspiration "peace".
	"war": T("war", "guerre"), "peace": T("peace", "paix"), "alliance": T("alliance", "alliance"),
}

// Name says a code of the wire (a season of the year, a government, an
// archetype, a job, a building, a trait, an aspiration, a relation) in l; a code it does not know stays as it
// is.
func (l Lang) Name(code string) string {
	if t, ok := names[code]; ok {
		return t.In(l)
	}
	return code
}
