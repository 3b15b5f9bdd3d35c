package dev.perfgate.ops;

import java.util.Set;
import java.util.TreeSet;

/** The sample names of a Prometheus text exposition (what a scrape stores: _bucket, _count, _sum included). */
final class Scrape {

    private Scrape() {
    }

    static Set<String> sampleNames(String exposition) {
        Set<String> names = new TreeSet<>();
        for (String line : exposition.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            int end = 0;
            while (end < l.length() && l.charAt(end) != '{' && l.charAt(end) != ' ') {
                end++;
            }
            names.add(l.substring(0, end));
        }
        return names;
    }
}
