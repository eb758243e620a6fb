package grisonvalv1

import "strings"

// reasonPrefix starts the name of every ErrorReason value.
const reasonPrefix = "ERROR_REASON_"

// Code returns the reason as it travels in a google.rpc.ErrorInfo and in
// an OrderResult's code: its name in lower case without its prefix, such
// as "unknown_zone"; "" for ERROR_REASON_UNSPECIFIED.
func (r ErrorReason) Code() string {
	if r == ErrorReason_ERROR_REASON_UNSPECIFIED {
		return ""
	}
	return strings.ToLower(strings.TrimPrefix(r.String(), reasonPrefix))
}

// ReasonOf returns the ErrorReason whose Code is code, or
// ERROR_REASON_UNSPECIFIED for a code this version does not know.
func ReasonOf(code string) ErrorReason {
	if code == "" {
		return ErrorReason_ERROR_REASON_UNSPECIFIED
	}
	return ErrorReason(ErrorReason_value[reasonPrefix+strings.ToUpper(code)])
}
