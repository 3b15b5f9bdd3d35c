package dev.perfgate.check;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import lombok.RequiredArgsConstructor;

import org.bson.Document;
import org.springframework.stereotype.Component;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.GateDefinition.BaselineStrategy;
import dev.perfgate.run.JudgedRuns;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Series;

/**
 * Reads what baselines need about a run's series: the latest judged runs before it (a bounded slice, their
 * verdicts in one query with only the check values) and the pinned run, however old it is.
 */
@Component
@RequiredArgsConstructor
class JudgedHistory {

    /** The earlier runs, newest first, the pin (null when none or unusable) and the runs by id, for profiles. */
    record Past(List<PastRun> newestFirst, PastRun pin, Map<String, Run> runs) {

        /**
         * The run whose profiles this run's are compared with: the pin, the newest good run of a conclusive verdict
         * (median; the newest good run when there is none), else the previous.
         */
        PastRun profileBaseline(BaselineStrategy strategy) {
            if (strategy == BaselineStrategy.PINNED && pin != null) {
                return pin;
            }
            if (strategy == BaselineStrategy.MEDIAN) {
                // a run whose verdict was INCONCLUSIVE may hold no profile, or a cold JVM's: one of a conclusive
                // verdict first (else the next run is INCONCLUSIVE for want of its baseline's profile, and so on)
                return newestFirst.stream().filter(p -> p.good() && p.conclusive()).findFirst()
                        .or(() -> newestFirst.stream().filter(PastRun::good).findFirst()).orElse(null);
            }
            return newestFirst.isEmpty() ? null : newestFirst.get(0);
        }
    }

    private final RunRepository runs;
    private final JudgedRuns judged;
    private final BaselinePins pins;
    private final VerdictRepository verdicts;

    /** How many earlier runs baselines read: three times the noise or baseline runs, at least 20. */
    static int depth(GateDefinition gate) {
        return Math.max(20, Math.max(gate.noiseRuns(), gate.baselineRuns()) * 3);
    }

    Past before(Run run, GateDefinition gate) {
        return before(run.series(), run.startedAt(), gate);
    }

    /** The judged runs of a series that started before {@code instant}, as a run starting then would see them. */
    Past before(Series series, Instant instant, GateDefinition gate) {
        List<Run> earlier = new ArrayList<>(judged.before(series, instant, depth(gate)));
        String pinId = pinnedRunId(series);
        Run pinnedRun = pinId == null ? null : earlier.stream().filter(r -> r.id().equals(pinId)).findFirst()
                .or(() -> runs.findById(pinId)
                        .filter(r -> r.status() == RunStatus.COMPLETED && r.startedAt().isBefore(instant)))
                .orElse(null);
        List<Run> read = new ArrayList<>(earlier);
        if (pinnedRun != null && !earlier.contains(pinnedRun)) {
            read.add(pinnedRun);
        }
        Map<String, Document> checkValues = verdicts.checkValues(read.stream().map(Run::verdict)
                .filter(v -> v != null && v.verdictId() != null).map(v -> v.verdictId()).toList());
        Map<String, Run> byId = new HashMap<>();
        Map<String, PastRun> judged = new HashMap<>();
        for (Run r : read) {
            Document verdict = r.verdict() == null ? null : checkValues.get(r.verdict().verdictId());
            if (verdict != null && !CheckStatus.INVALID.name().equals(verdict.getString("status"))) {
                judged.put(r.id(), past(r, verdict));
                byId.put(r.id(), r);
            }
        }
        List<PastRun> newestFirst = earlier.stream().map(r -> judged.get(r.id())).filter(p -> p != null).toList();
        return new Past(newestFirst, pinnedRun == null ? null : judged.get(pinnedRun.id()), byId);
    }

    /** The id of the run pinned as the series' baseline; null when none is pinned. */
    String pinnedRunId(Series series) {
        return pins.find(series).map(BaselinePin::runId).orElse(null);
    }

    /** The run as later runs' baselines see it, from its stored verdict's status and check values. */
    private static PastRun past(Run run, Document verdict) {
        List<PastRun.Recorded> checks = new ArrayList<>();
        for (Document check : Optional.ofNullable(verdict.getList("checks", Document.class)).orElse(List.of())) {
            String growth = check.getString("growthStatus");
            Document noise = check.get("noise", Document.class);
            checks.add(new PastRun.Recorded(check.getString("fingerprint"), check.getString("request"),
                    check.get("value") instanceof Number value ? value.doubleValue() : null,
                    CheckStatus.FAIL.name().equals(growth) || CheckStatus.WARN.name().equals(growth),
                    noise == null ? null : noise.getString("decision"), CheckStatus.FAIL.name().equals(check.getString("status"))));
        }
        return PastRun.of(run.id(), run.runId(), run.review() == null ? null : run.review().decision(),
                CheckStatus.FAIL.name().equals(verdict.getString("status")),
                !CheckStatus.INCONCLUSIVE.name().equals(verdict.getString("status")), checks);
    }
}
