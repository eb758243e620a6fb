package engine

func (w *World) specialStats(c CampID, s *Stats) {}
