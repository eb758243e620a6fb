package grisonval

import (
	"github.com/grisonval/server/lang"
)

// Name tables of citizens (rule CIT-1). A citizen stores indexes into these
// tables, never the strings, so that the encoded state stays small. The
// tables are append only: changing an entry renames citizens of stored
// worlds.
var (
	maleNames = [...]string{
		"Jean", "Pierre", "Louis", "Jacques", "Antoine", "Étienne", "Nicolas", "Guillaume",
		"Mathieu", "Thomas", "Simon", "Martin", "Bernard", "Gaspard", "Armand", "Hugues",
		"Baptiste", "Denis", "Gilles", "Raoul", "Aubin", "Clément", "Félix", "Gervais",
		"Lucien", "Marius", "Octave", "Rémi", "Séverin", "Tristan", "Urbain", "Victor",
	}
	femaleNames = [...]string{
		"Jeanne", "Marie", "Catherine", "Anne", "Marguerite", "Louise", "Isabeau", "Agnès",
		"Blanche", "Claire", "Élise", "Françoise", "Geneviève", "Hélène", "Jacquette", "Madeleine",
		"Perrine", "Suzanne", "Alix", "Bertille", "Colette", "Denise", "Ermengarde", "Gabrielle",
		"Héloïse", "Isaure", "Jehanne", "Lucie", "Mahaut", "Rose", "Sidonie", "Ysolde",
	}
	familyNames = [...]string{
		"Morel", "Girard", "Fabre", "Roussel", "Chevalier", "Bonnet", "Mercier", "Garnier",
		"Faure", "Blanc", "Guérin", "Muller", "Boyer", "Fournier", "Lambert", "Rivière",
		"Perrin", "Marchand", "Dumont", "Lefèvre", "Carpentier", "Vasseur", "Meunier", "Berger",
		"Charpentier", "Tissier", "Forestier", "Pelletier", "Tonnelier", "Vigneron", "Chaumont", "Rochefort",
		"Delorme", "Aubert", "Brunet", "Cordier", "Drouet", "Escoffier", "Fontaine", "Granger",
		"Hébert", "Joubert", "Lemoine", "Maréchal", "Noël", "Olivier", "Poulain", "Sauvage",
	}
)

// jobNamesFR are the jobs' French names, masculine then feminine.
var jobNamesFR = [NumJobs + 1][2]string{
	Farmer:     {"fermier", "fermière"},
	Woodcutter: {"bûcheron", "bûcheronne"},
	Miner:      {"mineur", "mineuse"},
	Artisan:    {"artisan", "artisane"},
	Merchant:   {"marchand", "marchande"},
	Scholar:    {"érudit", "érudite"},
	Builder:    {"bâtisseur", "bâtisseuse"},
	Guard:      {"garde", "garde"},
	Priest:     {"prêtre", "prêtresse"},
}

// LevelTitles are the titles of levels I to V (rule CIT-XP); index 0 is
// unused.
var LevelTitles = [MaxLevel + 1]lang.Text{1: lang.T("Novice", "Novice"), 2: lang.T("Apprentice", "Apprenti"),
	3: lang.T("Journeyman", "Compagnon"), 4: lang.T("Expert", "Expert"), 5: lang.T("Master", "Maître")}

var romanLevels = [MaxLevel + 1]string{1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}

// Name returns the citizen's full name, as the journal writes it.
func (p *Citizen) Name() string {
	return p.firstName() + " " + familyNames[int(p.Family)%len(familyNames)]
}

// appendName appends the citizen's full name, as Name returns it, to b.
func (p *Citizen) appendName(b []byte) []byte {
	b = append(b, p.firstName()...)
	b = append(b, ' ')
	return append(b, familyNames[int(p.Family)%len(familyNames)]...)
}

func (p *Citizen) firstName() string {
	if p.Female {
		return femaleNames[int(p.First)%len(femaleNames)]
	}
	return maleNames[int(p.First)%len(maleNames)]
}

// job names the citizen's job, in French in the citizen's gender.
func (p *Citizen) job() lang.Text {
	return lang.Text{EN: p.Job.String(), FR: p.jobFR()}
}

// jobFR returns the French name of the citizen's job, in the citizen's
// gender.
func (p *Citizen) jobFR() string {
	if p.Job < 1 || int(p.Job) > NumJobs {
		return "sans métier"
	}
	if p.Female {
		return jobNamesFR[p.Job][1]
	}
	return jobNamesFR[p.Job][0]
}
