package engine

func (w *World) edictStats(c CampID, s *Stats) {}
