package dev.perfgate.demo.lookup;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.util.function.BooleanSupplier;

import lombok.RequiredArgsConstructor;

/**
 * Hands out the buffer a lookup encodes its row into. Normally a small buffer per thread, reused; with the
 * {@code buffer} regression a fresh direct chunk per request, as Netty's {@code DirectArena.newUnpooledChunk}
 * did in Elastic's case: the JVM zeroes it and the kernel faults in every page, so CPU is spent on the
 * request path in {@link #newUnpooledChunk}.
 */
@RequiredArgsConstructor
class BufferArena {

    static final int POOLED_BYTES = 16 * 1024;

    private static final MethodHandle FREE = findFree();

    private final ThreadLocal<ByteBuffer> pooled = ThreadLocal.withInitial(() -> ByteBuffer.allocate(POOLED_BYTES));
    /** Asked once per request whether to take the regression's path. */
    private final BooleanSupplier unpooled;
    /** Size of one unpooled direct chunk. */
    private final int chunkBytes;

    /** A cleared buffer for one request; give it back with {@link #release}. */
    ByteBuffer acquire() {
        if (unpooled.getAsBoolean()) {
            return newUnpooledChunk();
        }
        ByteBuffer buffer = pooled.get();
        buffer.clear();
        return buffer;
    }

    void release(ByteBuffer buffer) {
        if (buffer.isDirect()) {
            free(buffer);
        }
    }

    private ByteBuffer newUnpooledChunk() {
        return ByteBuffer.allocateDirect(chunkBytes);
    }

    /** Frees native memory at once, as Netty does, rather than waiting for a GC to run the cleaner. */
    private static void free(ByteBuffer buffer) {
        if (FREE == null) {
            return;
        }
        try {
            FREE.invoke(buffer);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot free a direct buffer", e);
        }
    }

    private static MethodHandle findFree() {
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field field = unsafeClass.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            return MethodHandles.lookup()
                    .findVirtual(unsafeClass, "invokeCleaner", MethodType.methodType(void.class, ByteBuffer.class))
                    .bindTo(field.get(null));
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Without it the cleaner runs after a GC; the regression still costs the allocation.
            return null;
        }
    }
}
