//go:build !race

package lang

// raceDetector is set when the tests run with the race detector, whose
// instrumentation allocates where a plain build does not.
const raceDetector = false
