package dev.perfgate.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import lombok.RequiredArgsConstructor;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import dev.perfgate.check.Backtests;
import dev.perfgate.check.GateDefinitions;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.Problem;
import dev.perfgate.run.Series;

/**
 * The backtest page of a series: the checks in force replayed over its recorded runs, and a form to replay an
 * edited checks file instead. Stores nothing, sends no alert.
 */
@Controller
@RequiredArgsConstructor
class BacktestPageController {

    static final int RUNS = 100;

    private final Backtests backtests;
    private final GateDefinitions definitions;

    @GetMapping("/series/{system}/{workload}/{environment}/backtest")
    String inForce(@PathVariable String system, @PathVariable String workload, @PathVariable String environment,
            Model model) {
        Series series = new Series(system, workload, environment);
        GateDefinition gate = definitions.find(system, workload, environment).orElse(null);
        model.addAttribute("checks", gate == null ? "" : text(gate.file()));
        model.addAttribute("file", gate == null ? "" : gate.file());
        model.addAttribute("runs", RUNS);
        model.addAttribute("live", true);
        return page(series, model, gate == null ? null : backtests.run(series, null, null, RUNS, true));
    }

    @PostMapping("/series/{system}/{workload}/{environment}/backtest")
    String submitted(@PathVariable String system, @PathVariable String workload, @PathVariable String environment,
            @RequestParam(defaultValue = "") String checks, @RequestParam(defaultValue = "") String file,
            @RequestParam(defaultValue = "" + RUNS) int runs, @RequestParam(defaultValue = "false") boolean live,
            Model model, HttpServletResponse response) {
        Series series = new Series(system, workload, environment);
        String name = file.isBlank() ? "edited.yaml" : file;
        model.addAttribute("checks", checks);
        model.addAttribute("file", name);
        model.addAttribute("runs", runs);
        model.addAttribute("live", live);
        if (checks.isBlank()) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            model.addAttribute("problems", List.of(new Problem(name, 0, "the checks file is empty")));
            return page(series, model, null);
        }
        try {
            return page(series, model, backtests.run(series, name, checks,
                    Math.max(1, Math.min(runs, Backtests.MAX_RUNS)), live));
        } catch (Backtests.ChecksRejected rejected) {
            response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            model.addAttribute("problems", rejected.problems());
            return page(series, model, null);
        }
    }

    private String page(Series series, Model model, Backtests.Report report) {
        model.addAttribute("series", series);
        model.addAttribute("path", SeriesOverview.path(series));
        model.addAttribute("report", report);
        return "backtest";
    }

    /** The text of a checks file in force, to edit; empty when it cannot be read. */
    private String text(String file) {
        Path path = definitions.directory().resolve(file).normalize();
        if (!path.startsWith(definitions.directory())) {
            return "";
        }
        try {
            return Files.readString(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
