package dev.perfgate.demo.transform;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

import lombok.RequiredArgsConstructor;

import tools.jackson.databind.json.JsonMapper;

/** Parses an order, maps it to an invoice and writes the invoice as JSON. */
@RequiredArgsConstructor
class TransformService {

    private final JsonMapper mapper;
    /** Asked once per call whether to take the {@code alloc} regression's path. */
    private final BooleanSupplier loggerPerLine;
    /** The order every request transforms ({@link SampleOrders#json}). */
    private final String document;

    String transform() {
        return transform(document);
    }

    String transform(String orderJson) {
        Order order = mapper.readValue(orderJson, Order.class);
        boolean wasteful = loggerPerLine.getAsBoolean();
        FieldLogger requestLogger = newOrderLogger(order);
        List<Invoice.Line> lines = new ArrayList<>(order.lines().size());
        Map<String, BigDecimal> totals = new TreeMap<>();
        BigDecimal total = BigDecimal.ZERO;
        for (Order.Line line : order.lines()) {
            FieldLogger logger = wasteful ? newOrderLogger(order) : requestLogger;
            Invoice.Line mapped = mapLine(line, logger);
            lines.add(mapped);
            totals.merge(line.category(), mapped.amount(), BigDecimal::add);
            total = total.add(mapped.amount());
        }
        return mapper.writeValueAsString(
                new Invoice(order.id(), order.customer(), order.currency(), lines, totals, total));
    }

    /**
     * The allocation site: once per request when fixed, once per line with the regression (Filebeat's
     * {@code newLogger} per event), named so that an allocation profile points at it.
     */
    private static FieldLogger newOrderLogger(Order order) {
        return FieldLogger.newLogger(Map.of("component", "transform", "order", order.id(),
                "customer", order.customer()), false);
    }

    private static Invoice.Line mapLine(Order.Line line, FieldLogger logger) {
        logger.with("sku", line.sku()).debug("mapping line");
        return new Invoice.Line(line.sku().toUpperCase(Locale.ROOT), line.description(), line.quantity(),
                line.unitPrice().multiply(BigDecimal.valueOf(line.quantity())));
    }
}
