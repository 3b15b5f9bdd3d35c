package dev.perfgate.run;

/** Published when an ended run that has no verdict yet is ended again (a client's retry), so checks make sure it is judged. */
public record RunEndRepeated(Run run) {
}
