package dev.perfgate.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/** The home page: every series with its latest verdict, and the sign-in page. */
@Controller
class HomeController {

    private final SeriesOverview overview;

    HomeController(SeriesOverview overview) {
        this.overview = overview;
    }

    @GetMapping("/")
    String home(Model model) {
        model.addAttribute("rows", overview.rows());
        return "home";
    }

    @GetMapping("/login")
    String login() {
        return "login";
    }
}
