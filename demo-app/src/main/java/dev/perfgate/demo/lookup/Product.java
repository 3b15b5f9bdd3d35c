package dev.perfgate.demo.lookup;

import java.math.BigDecimal;

/** A row of the in-memory product table. */
record Product(long id, String name, String category, BigDecimal price, int stock) {
}
