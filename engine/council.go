package engine

func (w *World) councilStats(c CampID, s *Stats) {}
