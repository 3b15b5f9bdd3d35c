package dev.perfgate.web;

import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** The home page: every series with its latest verdict, and the sign-in page. */
@Controller
@RequiredArgsConstructor
class HomeController {

    private final SeriesOverview overview;

    @GetMapping("/")
    String home(Model model) {
        model.addAttribute("rows", overview.rows());
        return "home";
    }

    /** The sign-in page; {@code locked} (seconds, set by {@link SignInLockFilter}) says how long a lockout lasts. */
    @GetMapping("/login")
    String login(@RequestParam(required = false) String locked, Model model) {
        if (locked != null && locked.matches("\\d{1,6}")) {
            model.addAttribute("lockedSeconds", Long.parseLong(locked));
        }
        return "login";
    }
}
