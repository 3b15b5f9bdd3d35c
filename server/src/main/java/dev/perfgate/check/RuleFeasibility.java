package dev.perfgate.check;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.Series;

/**
 * Whether the growth rules of the checks in force can hold on the series they judge ({@link RuleNoise}): asked by
 * {@code GET /api/v1/checks} and by a backtest, and said in the log once for every new version of a checks file.
 */
@Component
class RuleFeasibility {

    private static final Logger log = LoggerFactory.getLogger(RuleFeasibility.class);

    private final GateDefinitions definitions;
    private final RunRepository runs;
    private final JudgedHistory history;
    private final Clock clock;
    /** The content hash of each file whose warnings were logged. */
    private final Map<String, String> announced = new ConcurrentHashMap<>();

    RuleFeasibility(GateDefinitions definitions, RunRepository runs, JudgedHistory history, Clock clock) {
        this.definitions = definitions;
        this.runs = runs;
        this.history = history;
        this.clock = clock;
    }

    /** The rules of a definition in force that sit inside the noise of a series it judges, over all such series. */
    List<RuleNoise.Warning> review(GateDefinition gate) {
        List<RuleNoise.Warning> warnings = new ArrayList<>();
        for (Series series : runs.seriesOf(gate.system())) {
            boolean judgedByIt = definitions.find(series.system(), series.workload(), series.environment())
                    .filter(inForce -> inForce == gate).isPresent();
            if (judgedByIt) {
                warnings.addAll(review(gate, series));
            }
        }
        return warnings;
    }

    /** The rules of {@code gate} (in force or submitted) that sit inside the noise of one series. */
    List<RuleNoise.Warning> review(GateDefinition gate, Series series) {
        return RuleNoise.review(gate, series.toString(), history.before(series, clock.instant(), gate).newestFirst());
    }

    /** Logs the warnings of each file once per version, after it was loaded. */
    @Scheduled(fixedDelayString = "${perfgate.checks-reload-ms:2000}", initialDelayString = "${perfgate.checks-reload-ms:2000}")
    void announce() {
        for (GateDefinitions.FileState state : definitions.states()) {
            if (state.active() == null || state.contentHash().equals(announced.get(state.file()))) {
                continue;
            }
            announced.put(state.file(), state.contentHash());
            review(state.active()).forEach(warning -> log.warn("Checks {}: {}", state.file(), warning.message()));
        }
    }
}
