package grisonval

// Job is a citizen's trade. Productive jobs work a building (BuildingKind.Job)
// whose output their mean level multiplies (rule CIT-XP).
type Job uint8

// Jobs. Values are stored in states: append only.
const (
	Farmer Job = iota + 1
	Woodcutter
	Miner
	Artisan
	Merchant
	Scholar
	Builder
	Guard
	Priest
)

var jobNames = [...]string{
	Farmer: "farmer", Woodcutter: "woodcutter", Miner: "miner", Artisan: "artisan", Merchant: "merchant",
	Scholar: "scholar", Builder: "builder", Guard: "guard", Priest: "priest",
}

func (j Job) String() string {
	if int(j) < len(jobNames) && jobNames[j] != "" {
		return jobNames[j]
	}
	return "none"
}

// NumJobs is the number of jobs; Job values run from 1 to NumJobs.
const NumJobs = int(Priest)

// BuildingKind is one of the ten buildings, the same for every camp.
type BuildingKind uint8

// Buildings. Values are stored in states: append only.
const (
	Farm BuildingKind = iota + 1
	LumberCamp
	Mine
	Workshop
	Market
	School
	House
	Barracks
	Walls
	Temple
)

// NumBuildingKinds is the number of building kinds; values run from 1.
const NumBuildingKinds = int(Temple)

var buildingNames = [...]string{
	Farm: "farm", LumberCamp: "lumber_camp", Mine: "mine", Workshop: "workshop", Market: "market",
	School: "school", House: "house", Barracks: "barracks", Walls: "walls", Temple: "temple",
}

func (b BuildingKind) String() string {
	if int(b) < len(buildingNames) && buildingNames[b] != "" {
		return buildingNames[b]
	}
	return "none"
}

// Job returns the job that works a building, or 0 for buildings no job
// works (house, walls).
func (b BuildingKind) Job() Job {
	switch b {
	case Farm:
		return Farmer
	case LumberCamp:
		return Woodcutter
	case Mine:
		return Miner
	case Workshop:
		return Artisan
	case Market:
		return Merchant
	case School:
		return Scholar
	case Barracks:
		return Guard
	case Temple:
		return Priest
	}
	return 0
}
