package server

// EncodeState exports encodeState to the tests, which set up worlds in
// states that take many days to reach.
var EncodeState = encodeState

// DecodeState exports decodeState to the tests.
var DecodeState = decodeState
