package dev.perfgate.web;

import java.util.HashMap;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.autoconfigure.error.ErrorViewResolver;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.ModelAndView;

/**
 * Boot's error page ({@code templates/error.html}: an unknown URL, a 403) with the signed-in person in its header, as
 * every other page has: Boot's error controller lies outside the pages' {@link CurrentUser} advice.
 */
@Component
class ErrorPageView implements ErrorViewResolver {

    @Override
    public ModelAndView resolveErrorView(HttpServletRequest request, HttpStatus status, Map<String, Object> model) {
        Map<String, Object> page = new HashMap<>(model);
        page.put("me", CurrentUser.Me.of(SecurityContextHolder.getContext().getAuthentication()));
        return new ModelAndView("error", page, status);
    }
}
