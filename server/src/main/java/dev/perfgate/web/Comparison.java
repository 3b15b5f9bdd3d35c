package dev.perfgate.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.perfgate.check.CheckResult;
import dev.perfgate.check.Verdict;
import dev.perfgate.definition.Stat;
import dev.perfgate.results.RequestStats;
import dev.perfgate.results.RunResults;

/**
 * Two runs side by side: run A (the one looked at) against B (its baseline, or any run of the series). Every
 * change is A − B, so "+" means A has more. Pure.
 */
final class Comparison {

    /** Latency statistics compared per request. */
    static final List<Stat> STATS = List.of(Stat.MEAN, Stat.P50, Stat.P95, Stat.P99);

    /**
     * One check in both runs; {@code judged}: what A's verdict compared A with for this check (its baseline's value,
     * which runs it is, and the change), which is not B's value when the baseline is a median or a pinned run.
     */
    record CheckPair(String name, String b, String a, String delta, String change, String bStatus, String aStatus,
            String judged) {
    }

    /** One statistic of one request in both runs; {@code worse}: A is slower by more than 10 %. */
    record StatPair(String stat, String b, String a, String change, boolean worse) {
    }

    /** One request in both runs. */
    record RequestPair(String name, String bCount, String aCount, List<StatPair> stats) {
    }

    /** One measure in both runs. */
    record MeasurePair(String name, String b, String a, String change) {
    }

    private Comparison() {
    }

    static List<CheckPair> checks(Verdict a, Verdict b) {
        Map<String, CheckResult> inA = byKey(a);
        Map<String, CheckResult> inB = byKey(b);
        Set<String> keys = new java.util.LinkedHashSet<>(inA.keySet());
        keys.addAll(inB.keySet());
        List<CheckPair> pairs = new ArrayList<>();
        for (String key : keys) {
            CheckResult ca = inA.get(key);
            CheckResult cb = inB.get(key);
            CheckResult any = ca != null ? ca : cb;
            Double va = ca == null ? null : ca.value();
            Double vb = cb == null ? null : cb.value();
            pairs.add(new CheckPair(any.label(), Formats.withUnit(vb, any.unit()),
                    Formats.withUnit(va, any.unit()),
                    va == null || vb == null ? Formats.NONE : Formats.signed(va - vb, any.unit()),
                    Formats.change(Formats.changeOf(vb, va)),
                    cb == null ? Formats.NONE : cb.status().name(), ca == null ? Formats.NONE : ca.status().name(),
                    judged(ca)));
        }
        return pairs;
    }

    /** "150 ms in median of 5 runs (3–7): +23 %", or a dash when A's check had no baseline. */
    private static String judged(CheckResult check) {
        if (check == null || check.baselineValue() == null) {
            return Formats.NONE;
        }
        String change = check.deltaPct() != null ? Formats.change(check.deltaPct())
                : Formats.signed(check.deltaAbs(), check.unit());
        return Formats.withUnit(check.baselineValue(), check.unit())
                + (check.baselineLabel() == null ? "" : " in " + check.baselineLabel()) + ": " + change;
    }

    static List<RequestPair> requests(RunResults a, RunResults b) {
        Map<String, RequestStats> inA = byName(a);
        Map<String, RequestStats> inB = byName(b);
        Set<String> names = new TreeSet<>(inA.keySet());
        names.addAll(inB.keySet());
        List<RequestPair> pairs = new ArrayList<>();
        if (names.remove("All Requests")) {
            pairs.add(pair("All Requests", inA.get("All Requests"), inB.get("All Requests")));
        }
        names.forEach(name -> pairs.add(pair(name, inA.get(name), inB.get(name))));
        return pairs;
    }

    static List<MeasurePair> measures(RunResults a, RunResults b) {
        Set<String> names = new TreeSet<>();
        if (a != null) {
            names.addAll(a.measures().keySet());
        }
        if (b != null) {
            names.addAll(b.measures().keySet());
        }
        return names.stream().map(name -> {
            Double va = a == null ? null : a.measures().get(name);
            Double vb = b == null ? null : b.measures().get(name);
            return new MeasurePair(name, Formats.number(vb), Formats.number(va), Formats.change(Formats.changeOf(vb, va)));
        }).toList();
    }

    private static RequestPair pair(String name, RequestStats a, RequestStats b) {
        List<StatPair> stats = new ArrayList<>();
        for (Stat stat : STATS) {
            Double va = a == null ? null : a.stat(stat);
            Double vb = b == null ? null : b.stat(stat);
            Double change = Formats.changeOf(vb, va);
            stats.add(new StatPair(stat.id(), Formats.number(vb), Formats.number(va), Formats.change(change),
                    change != null && change > 10));
        }
        return new RequestPair(name, b == null ? Formats.NONE : Formats.number((double) b.count()),
                a == null ? Formats.NONE : Formats.number((double) a.count()), stats);
    }

    private static Map<String, CheckResult> byKey(Verdict verdict) {
        Map<String, CheckResult> map = new LinkedHashMap<>();
        if (verdict != null) {
            verdict.checks().forEach(c -> map.put(SeriesOverview.checkKey(c), c));
        }
        return map;
    }

    private static Map<String, RequestStats> byName(RunResults results) {
        Map<String, RequestStats> map = new LinkedHashMap<>();
        if (results != null) {
            if (results.global() != null) {
                map.put("All Requests", results.global());
            }
            results.requests().forEach(r -> map.put(r.name(), r));
        }
        return map;
    }
}
