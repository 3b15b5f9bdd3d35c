package dev.perfgate.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A tiny line of a check's values over the last runs, drawn as an SVG polyline (no script needed): oldest left,
 * newest right; failing runs and the newest run get a dot.
 */
record Sparkline(String points, List<Dot> dots, String description) {

    static final int WIDTH = 120;
    static final int HEIGHT = 28;
    private static final double PAD = 3;

    /** One run's value and the status of its check. */
    record Point(double value, String status) {
    }

    /** A marked point: where, and the status class that colours it. */
    record Dot(String x, String y, String status) {
    }

    static Sparkline of(List<Point> values, String description) {
        if (values.isEmpty()) {
            return new Sparkline("", List.of(), description);
        }
        double min = values.stream().mapToDouble(Point::value).min().orElse(0);
        double max = values.stream().mapToDouble(Point::value).max().orElse(0);
        double span = max - min;
        StringBuilder points = new StringBuilder();
        List<Dot> dots = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            double x = values.size() == 1 ? WIDTH / 2.0 : PAD + i * (WIDTH - 2 * PAD) / (values.size() - 1);
            double y = span == 0 ? HEIGHT / 2.0 : HEIGHT - PAD - (values.get(i).value() - min) * (HEIGHT - 2 * PAD) / span;
            String px = format(x);
            String py = format(y);
            points.append(i == 0 ? "" : " ").append(px).append(',').append(py);
            String status = Formats.css(values.get(i).status());
            if (i == values.size() - 1 || status.equals("fail") || status.equals("warn")) {
                dots.add(new Dot(px, py, status));
            }
        }
        return new Sparkline(points.toString(), dots, description);
    }

    public boolean isEmpty() {
        return points.isEmpty();
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
