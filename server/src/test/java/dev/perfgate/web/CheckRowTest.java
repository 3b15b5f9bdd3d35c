package dev.perfgate.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.perfgate.check.Noise;

class CheckRowTest {

    private static final Noise NOISE = new Noise(10, 100, 3, 4.45, 4.45, true, null);

    @Test
    void shouldShowWhatTheNoiseMadeOfABrokenGrowthRule() {
        Noise significant = new Noise(10, 100, 3, 4.45, 4.45, true, null, "significant", 5.1,
                "noise 100 ms ± 4.45 % over 10 runs: 5.1 sd, significant");

        assertThat(CheckRow.noiseNote(significant))
                .isEqualTo("growth significant: noise 100 ms ± 4.45 % over 10 runs: 5.1 sd, significant");
    }

    @Test
    void shouldShowUnitsAsTheDefinitionWritesThem() {
        assertThat(Formats.withUnit(512.0, "MB")).isEqualTo("512 MB");
        assertThat(Formats.signed(-3.5, "MiB")).isEqualTo("-3.5 MiB");
        assertThat(Formats.withUnit(260.0, "ms")).isEqualTo("260 ms");
    }

    @Test
    void shouldKeepTheNoteAloneWhenNothingWasDecided() {
        assertThat(CheckRow.noiseNote(NOISE)).isNull();
        assertThat(CheckRow.noiseNote(null)).isNull();
    }
}
