package dev.perfgate.check;

import java.util.Optional;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Service;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.run.RegressionReview;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunService;
import dev.perfgate.run.RunStatus;
import dev.perfgate.system.ApiException;

/** Admin decisions about runs, each audited: accept or deny a regression, pin a baseline, invalidate. */
@Service
@RequiredArgsConstructor(access = AccessLevel.PACKAGE)
public class Reviews {

    private final RunService runs;
    private final RunRepository repository;
    private final VerdictService verdicts;
    private final BaselinePins pins;
    private final AuditLog audit;
    private final GateDefinitions definitions;

    public Run review(String id, boolean accept, String reason) {
        Run run = runs.get(id);
        Verdict verdict = verdicts.latest(run).orElseThrow(() -> ApiException.conflict("Run " + run.runId() + " has no verdict yet"));
        if (!verdict.regressionDetected()) {
            throw ApiException.conflict("Run " + run.runId() + " has no detected regression to review");
        }
        RegressionReview.Decision decision = accept ? RegressionReview.Decision.ACCEPTED : RegressionReview.Decision.DENIED;
        repository.setReview(run.id(), new RegressionReview(decision, reason, audit.actor(),
                audit.record(accept ? "accept-regression" : "deny-regression", run.id(), reason)));
        if (!accept) {
            // a denied regression is real: it is no baseline, pinned or not (a pin needs an accepted one)
            pins.find(run.series()).filter(p -> p.runId().equals(run.id())).ifPresent(pin -> {
                pins.remove(pin);
                audit.record("unpin-baseline", run.id(), "its regression was denied");
            });
        }
        return runs.get(id);
    }

    public BaselinePin pin(String id, String reason) {
        Run run = runs.get(id);
        if (run.status() != RunStatus.COMPLETED) {
            throw ApiException.conflict("Only a completed, valid run can be a baseline; run " + run.runId() + " is "
                    + run.status().name().toLowerCase());
        }
        Verdict verdict = verdicts.latest(run).orElseThrow(() -> ApiException.conflict(
                "Run " + run.runId() + " has no verdict yet; a baseline must have been judged"));
        boolean accepted = run.review() != null && run.review().decision() == RegressionReview.Decision.ACCEPTED;
        if (verdict.regressionDetected() && !accepted) {
            throw ApiException.conflict("Run " + run.runId() + " has a detected regression that was not accepted;"
                    + " accept it first if it is the new normal");
        }
        BaselinePin pin = new BaselinePin(run.series().toString(), run.id(), run.runId(), reason, audit.actor(),
                audit.record("pin-baseline", run.id(), reason));
        pins.save(pin);
        return pin;
    }

    /**
     * Why the verdicts of the run's series do not use a pin: its checks file judges by another strategy (say so where
     * a pin is made, so it is not taken for one in force); empty when they use it.
     */
    public Optional<String> pinUnused(String id) {
        Run run = runs.get(id);
        return definitions.find(run.system(), run.workload(), run.environment())
                .filter(gate -> gate.baseline() != GateDefinition.BaselineStrategy.PINNED)
                .map(gate -> "not used yet: " + run.series() + " is judged against " + strategy(gate) + "; set baseline:"
                        + " { strategy: pinned } in " + gate.file() + " to judge against the pin");
    }

    private static String strategy(GateDefinition gate) {
        return gate.baseline() == GateDefinition.BaselineStrategy.MEDIAN
                ? "the median of its last " + gate.baselineRuns() + " good runs" : "its previous good run";
    }

    public void unpin(String id) {
        Run run = runs.get(id);
        BaselinePin pin = pins.find(run.series()).filter(p -> p.runId().equals(run.id())).orElse(null);
        if (pin == null) {
            throw ApiException.notFound("Run " + run.runId() + " is not the pinned baseline of " + run.series());
        }
        pins.remove(pin);
        audit.record("unpin-baseline", run.id(), null);
    }

    public void invalidate(String id, String reason) {
        Run run = runs.get(id);
        if (run.status() == RunStatus.RUNNING) {
            throw ApiException.conflict("Run " + run.runId() + " is still running: end it first");
        }
        repository.setStatus(run.id(), RunStatus.INVALID, "marked invalid by " + audit.actor() + ": " + reason);
        audit.record("invalidate", run.id(), reason);
    }
}
