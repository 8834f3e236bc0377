"""Breaking Away: a cycle race of teams of four round a 40-square track; slipstream, break away, sprint."""
