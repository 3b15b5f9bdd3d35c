package dev.perfgate.alert;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The channel for each route type. */
final class Channels {

    private final Map<Route.ChannelType, Channel> byType = new EnumMap<>(Route.ChannelType.class);

    Channels(List<Channel> channels) {
        channels.forEach(c -> byType.put(c.type(), c));
    }

    Channel of(Route route) {
        return byType.get(route.type());
    }
}
