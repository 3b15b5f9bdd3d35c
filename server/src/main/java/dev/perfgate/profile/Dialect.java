package dev.perfgate.profile;

/** Which flavour of Pyroscope a target speaks: the API paths, query syntax, time units and UI differ. */
public enum Dialect {

    /** Pyroscope OSS up to 0.37: {@code /render}, {@code /render-diff}, {@code <app>.<type>} names, epoch seconds, its own UI. */
    CLASSIC,

    /** Grafana Pyroscope: {@code /pyroscope/render}, profile-type ids, epoch milliseconds, Grafana Profiles Drilldown as UI. */
    GRAFANA
}
