package engine

func (w *World) ongoingStats(c CampID, s *Stats) {}
