package engine

func (w *World) cutoffStats(c CampID, s *Stats) {}
