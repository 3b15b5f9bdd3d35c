package dev.perfgate.profile;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A profile as stored bytes: the call tree exactly as it was judged (names, self and total of every node), gzip
 * compressed. A tree over {@code maxNodes} nodes is stored pruned (see {@link Profile#pruned}): every kept frame's
 * total stays exact, the smallest subtrees are merged into one {@code other} frame under their parent.
 */
public final class ProfileCodec {

    /** The nodes one stored profile holds at most: Pyroscope's own default answer size ({@code max-nodes}). */
    public static final int MAX_NODES = 16_384;

    private static final int VERSION = 1;

    private ProfileCodec() {
    }

    /** The stored form of a profile, and how many nodes it holds and left out. */
    public record Encoded(byte[] bytes, int nodes, int prunedNodes) {
    }

    public static Encoded encode(Profile profile, int maxNodes) {
        Profile kept = profile.pruned(maxNodes);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(new GZIPOutputStream(bytes))) {
            out.writeInt(VERSION);
            Quantity quantity = kept.quantity();
            out.writeUTF(quantity.measure().name());
            out.writeDouble(quantity.scale());
            out.writeUTF(quantity.rawUnit());
            out.writeUTF(kept.spyName() == null ? "" : kept.spyName());
            out.writeLong(kept.numTicks());
            writeVarLong(out, kept.names.length);
            for (String name : kept.names) {
                byte[] utf8 = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                writeVarLong(out, utf8.length);
                out.write(utf8);
            }
            int nodes = kept.nodeCount();
            writeVarLong(out, nodes);
            for (int i = 0; i < nodes; i++) {
                writeVarLong(out, kept.nameId[i]);
                writeVarLong(out, kept.self[i]);
                writeVarLong(out, kept.total[i]);
                writeVarLong(out, kept.childStart[i]);
                writeVarLong(out, kept.childEnd[i] - kept.childStart[i]);
            }
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
        return new Encoded(bytes.toByteArray(), kept.nodeCount(), profile.nodeCount() - kept.nodeCount());
    }

    /** The profile stored by {@link #encode}; bytes that are not one are a {@link MalformedProfileException}. */
    public static Profile decode(byte[] stored) throws MalformedProfileException {
        try (DataInputStream in = new DataInputStream(new GZIPInputStream(new ByteArrayInputStream(stored)))) {
            int version = in.readInt();
            if (version != VERSION) {
                throw new MalformedProfileException("stored profile of unknown version " + version);
            }
            Quantity quantity = new Quantity(Quantity.Measure.valueOf(in.readUTF()), in.readDouble(), in.readUTF());
            String spyName = in.readUTF();
            long numTicks = in.readLong();
            String[] names = new String[count(in)];
            for (int i = 0; i < names.length; i++) {
                byte[] utf8 = new byte[count(in)];
                in.readFully(utf8);
                names[i] = new String(utf8, java.nio.charset.StandardCharsets.UTF_8);
            }
            int nodes = count(in);
            Profile profile = new Profile(names, nodes, numTicks, quantity, spyName);
            for (int i = 0; i < nodes; i++) {
                profile.nameId[i] = index(in, names.length);
                profile.self[i] = readVarLong(in);
                profile.total[i] = readVarLong(in);
                profile.childStart[i] = index(in, nodes + 1);
                profile.childEnd[i] = profile.childStart[i] + index(in, nodes + 1 - profile.childStart[i]);
            }
            return profile;
        } catch (IOException | IllegalArgumentException e) {
            throw new MalformedProfileException("stored profile unreadable: " + e.getMessage());
        }
    }

    private static int count(DataInputStream in) throws IOException {
        return index(in, Integer.MAX_VALUE);
    }

    private static int index(DataInputStream in, int bound) throws IOException {
        long value = readVarLong(in);
        if (value < 0 || value >= bound && bound != Integer.MAX_VALUE || value > Integer.MAX_VALUE - 8) {
            throw new IOException("index " + value + " out of range");
        }
        return (int) value;
    }

    private static void writeVarLong(DataOutputStream out, long value) throws IOException {
        long rest = value;
        while ((rest & ~0x7FL) != 0) {
            out.writeByte((int) ((rest & 0x7F) | 0x80));
            rest >>>= 7;
        }
        out.writeByte((int) rest);
    }

    private static long readVarLong(DataInputStream in) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.readUnsignedByte();
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("varint longer than 64 bits");
    }
}
