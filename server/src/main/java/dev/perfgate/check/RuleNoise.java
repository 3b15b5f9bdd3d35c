package dev.perfgate.check;

import java.util.ArrayList;
import java.util.List;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.Numbers;

/**
 * Growth rules that sit inside the noise their series has shown: a percent rule narrower than 3 sd of one run against
 * the median of the check's last good runs (the same {@link Noise} a verdict measures; its floor counted as the share
 * of the median it is, see {@link Noise#contains}) is crossed by clean runs often,
 * which then wait as suspected (WARN) instead of passing. Said when a checks file is loaded and in a backtest, with
 * the threshold that would hold. Pure: the history comes in.
 */
final class RuleNoise {

    /** One growth rule inside one series' noise. */
    record Warning(String series, String check, String label, String rule, int runs, double noisePct, double holdsPct,
            String message) {
    }

    private RuleNoise() {
    }

    /** The percent growth rules of {@code gate} that sit inside the noise of {@code newestFirst}, a series' history. */
    static List<Warning> review(GateDefinition gate, String series, List<PastRun> newestFirst) {
        List<Warning> warnings = new ArrayList<>();
        for (CheckDefinition check : gate.checks()) {
            if (check.growth() == null || !check.growth().percent()) {
                continue;
            }
            for (String key : keys(newestFirst, check.fingerprint())) {
                Noise noise = Noise.of(GrowthHistory.of(newestFirst, key, gate.noiseRuns()).noiseValues(check.growth().operator().higherIsWorse()), null);
                if (noise == null || !noise.contains(check)) {
                    continue;
                }
                int bar = key.indexOf('|');
                String label = CheckResult.label(check.name(), bar < 0 ? null : key.substring(bar + 1));
                double holds = Math.ceil(noise.holdsPct());
                warnings.add(new Warning(series, check.id(), label, check.growth().text(), noise.runs(),
                        noise.noisePct(), holds, label + ": growth " + check.growth().text() + " sits inside the noise of "
                                + series + ": its last " + noise.runs() + " good runs vary by ±"
                                + Numbers.format(noise.noisePct()) + " % (robust sd), so clean runs cross the rule and"
                                + " wait as suspected (WARN); a rule of " + Numbers.format(holds) + " % or more ("
                                + Numbers.format(Noise.HOLDS) + " sd of one run against the median of "
                                + noise.runs() + ") would hold"));
            }
        }
        return warnings;
    }

    /** The keys the check was recorded under in the history, in order of first appearance. */
    private static List<String> keys(List<PastRun> newestFirst, String fingerprint) {
        List<String> keys = new ArrayList<>();
        for (PastRun run : newestFirst) {
            run.keys(fingerprint).stream().filter(key -> !keys.contains(key)).forEach(keys::add);
        }
        return keys;
    }
}
