package dev.perfgate.profile;

import java.util.AbstractList;
import java.util.List;
import java.util.Optional;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

/** One node of a decoded profile tree: a frame on a particular call path, with its self and total values. */
@RequiredArgsConstructor(access = AccessLevel.PACKAGE)
public final class Frame {

    private final Profile profile;
    private final int node;

    public String name() {
        return profile.nameOf(node);
    }

    /** Value spent in this frame itself. */
    public long self() {
        return profile.self[node];
    }

    /** Value spent in this frame and everything it called. */
    public long total() {
        return profile.total[node];
    }

    public List<Frame> children() {
        int start = profile.childStart[node];
        int end = profile.childEnd[node];
        return new AbstractList<>() {
            @Override
            public Frame get(int index) {
                if (index < 0 || index >= end - start) {
                    throw new IndexOutOfBoundsException(index);
                }
                return new Frame(profile, start + index);
            }

            @Override
            public int size() {
                return end - start;
            }
        };
    }

    public Optional<Frame> child(String name) {
        return children().stream().filter(child -> child.name().equals(name)).findFirst();
    }

    @Override
    public String toString() {
        return name() + " (self " + self() + ", total " + total() + ")";
    }
}
