package dev.perfgate.web;

import java.util.List;

import dev.perfgate.check.CheckResult;
import dev.perfgate.check.Noise;

/** One check of a verdict as the run page shows it: every number formatted, with its unit. */
record CheckRow(String name, String status, boolean key, String value, String requirement, String requirementStatus,
        String growth, String growthStatus, String baselineRunId, String baselineLabel, String baselineValue,
        String delta, String deltaPct, String noise, boolean noiseExceeded, String noiseNote, String message,
        List<String> explanation) {

    static CheckRow of(CheckResult c) {
        return new CheckRow(c.label(), c.status().name(), c.key(), Formats.withUnit(c.value(), c.unit()),
                c.requirement(), c.requirementStatus() == null ? null : c.requirementStatus().name(),
                c.growth(), c.growthStatus() == null ? null : c.growthStatus().name(),
                c.baselineRunId(), c.baselineLabel(), Formats.withUnit(c.baselineValue(), c.unit()),
                Formats.signed(c.deltaAbs(), c.unit()), Formats.change(c.deltaPct()), noise(c.noise(), c.unit()),
                c.noise() != null && Boolean.TRUE.equals(c.noise().exceeded()),
                noiseNote(c.noise()), c.message(),
                c.explanation() == null ? List.of() : c.explanation());
    }

    /** The baseline as the narrow table column shows it: "median of 5 runs", its run range in {@link #baselineLabel}. */
    public String baselineShort() {
        if (baselineLabel == null) {
            return null;
        }
        int range = baselineLabel.indexOf(" (");
        return range > 0 ? baselineLabel.substring(0, range) : baselineLabel;
    }

    /** The note on the noise and, when the growth rule was broken or the run lay beyond the noise, what the noise made of it. */
    static String noiseNote(Noise noise) {
        if (noise == null) {
            return null;
        }
        if (noise.decision() == null || noise.evidence() == null) {
            return noise.note();
        }
        String evidence = "growth " + noise.decision() + ": " + noise.evidence();
        return noise.note() == null ? evidence : noise.note() + "; " + evidence;
    }

    /** "18.52 % ± 1.19 % (2 sd over 5 runs, run-to-run 3.2 %)". */
    static String noise(Noise noise, String unit) {
        if (noise == null) {
            return "fewer than 3 earlier runs";
        }
        return Formats.withUnit(noise.median(), unit) + " ± " + Formats.withUnit(2 * noise.sd(), unit) + " (2 sd over "
                + noise.runs() + " runs, run-to-run " + Formats.number(noise.noisePct()) + " %)";
    }
}
