package dev.perfgate.demo.lookup;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.zip.CRC32;

import lombok.RequiredArgsConstructor;

/** Finds a product and encodes its row into a buffer, as a storage engine would before sending it. */
@RequiredArgsConstructor
class LookupService {

    private final ProductIndex index;
    private final BufferArena arena;

    Optional<LookupResult> lookup(long id) {
        return index.find(id).map(this::encode);
    }

    private LookupResult encode(Product product) {
        ByteBuffer buffer = arena.acquire();
        try {
            buffer.putLong(product.id());
            buffer.put(product.name().getBytes(StandardCharsets.UTF_8));
            buffer.put(product.category().getBytes(StandardCharsets.UTF_8));
            buffer.putLong(product.price().unscaledValue().longValue());
            buffer.putInt(product.stock());
            buffer.flip();
            CRC32 crc = new CRC32();
            crc.update(buffer);
            return new LookupResult(product, buffer.isDirect(), crc.getValue());
        } finally {
            arena.release(buffer);
        }
    }

    /** The row plus how it was encoded; {@code checksum} is a CRC-32 of the encoded row. */
    record LookupResult(Product product, boolean unpooledBuffer, long checksum) {
    }
}
