package dev.perfgate.web;

import lombok.RequiredArgsConstructor;

import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

import dev.perfgate.system.ApiException;
import dev.perfgate.trigger.Progress;
import dev.perfgate.trigger.TriggerRequest;
import dev.perfgate.trigger.Triggers;

/** Trigger a run from the browser and follow it live (the page polls a JSON endpoint) to its verdict. */
@Controller
@RequiredArgsConstructor
class TriggerController {

    private final Triggers triggers;
    private final SeriesQueries queries;

    @GetMapping("/trigger")
    String form(@RequestParam(required = false) String system, @RequestParam(required = false) String workload,
            @RequestParam(required = false) String environment, Model model) {
        model.addAttribute("form", new TriggerRequest(system, workload, environment, null, 2, 10, 0));
        return page(model);
    }

    @PostMapping("/trigger")
    String start(@Valid @ModelAttribute("form") TriggerRequest form, BindingResult errors, Authentication who,
            Model model, HttpServletResponse response) {
        if (errors.hasErrors()) {
            response.setStatus(HttpStatus.BAD_REQUEST.value());
            return page(model);
        }
        try {
            Progress progress = triggers.start(form, who.getName());
            return "redirect:/trigger/" + progress.id();
        } catch (ApiException refused) {
            response.setStatus(refused.status().value());
            model.addAttribute("refused", refused.getMessage());
            return page(model);
        }
    }

    @GetMapping("/trigger/{id}")
    String progress(@PathVariable String id, Model model) {
        model.addAttribute("progress", find(id));
        return "progress";
    }

    /** The progress the page polls: live from this instance, else as last saved (e.g. failed by a restart). */
    @GetMapping(path = "/trigger/{id}/progress", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    Progress.View progressJson(@PathVariable String id) {
        return find(id);
    }

    private Progress.View find(String id) {
        return triggers.view(id).orElseThrow(() -> ApiException.notFound("No triggered run " + id));
    }

    private String page(Model model) {
        model.addAttribute("systems", queries.distinct("system"));
        model.addAttribute("workloads", queries.distinct("workload"));
        model.addAttribute("environments", queries.distinct("environment"));
        model.addAttribute("recent", triggers.recent());
        model.addAttribute("runner", triggers.runnerName());
        return "trigger";
    }
}
