package dev.perfgate.demo.transform;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class TransformServiceTest {

    private final JsonMapper mapper = JsonMapper.builder().build();

    @Test
    void shouldMapTheOrderToAnInvoiceWithTotalsPerCategory() {
        TransformService service = service(false, 3);

        JsonNode invoice = mapper.readTree(service.transform());

        assertThat(invoice.get("orderId").asString()).isEqualTo("order-42");
        assertThat(invoice.get("lines")).hasSize(3);
        assertThat(invoice.get("lines").get(1).get("sku").asString()).isEqualTo("SKU-1001");
        assertThat(invoice.get("totalsByCategory").get("games").decimalValue()).as("2 × 2.36").isEqualByComparingTo("4.72");
        assertThat(invoice.get("total").decimalValue()).as("1.99 + 4.72 + 3 × 2.73").isEqualByComparingTo("14.90");
    }

    @Test
    void shouldWriteTheSameInvoiceWithTheLoggerPerLine() {
        String fixed = service(false, 40).transform();

        assertThat(service(true, 40).transform()).isEqualTo(fixed);
    }

    @Test
    void shouldAllocateAtLeastTwiceAsMuchWithTheLoggerPerLine() {
        TransformService fixed = service(false, 40);
        TransformService wasteful = service(true, 40);

        long fixedBytes = allocatedBy(fixed);
        long wastefulBytes = allocatedBy(wasteful);

        assertThat(wastefulBytes).as("bytes per 200 transforms, fixed: %d", fixedBytes)
                .isGreaterThanOrEqualTo(2 * fixedBytes);
    }

    private TransformService service(boolean loggerPerLine, int lines) {
        return new TransformService(mapper, () -> loggerPerLine, SampleOrders.json(mapper, lines));
    }

    private static long allocatedBy(TransformService service) {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 200; i++) {
            service.transform();
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 200; i++) {
            service.transform();
        }
        return threads.getCurrentThreadAllocatedBytes() - before;
    }
}
