package dev.perfgate.demo.transform;

import java.math.BigDecimal;
import java.util.List;

/** The incoming document the transform parses. */
record Order(String id, String customer, String currency, List<Line> lines) {

    record Line(String sku, String description, String category, int quantity, BigDecimal unitPrice) {
    }
}
