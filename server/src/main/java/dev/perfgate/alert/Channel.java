package dev.perfgate.alert;

/** A way to reach people: renders an alert in its format when it is written, and posts it when it is due. */
interface Channel {

    Route.ChannelType type();

    /** The body to post, fixed when the alert is written (pure). */
    String render(AlertMessage message, Route route, String dedupeKey);

    /** One attempt to post; never throws for the endpoint's failures. */
    Delivery deliver(Route route, String payload, String dedupeKey);
}
