package dev.perfgate.system;

/**
 * Where the real test servers are: scripts/test-servers.sh starts them and its {@code env}
 * command exports these variables. A missing variable fails the test: no server, no pass.
 */
public final class TestServers {

    private TestServers() {
    }

    public static String ferretDbUri() {
        return required("PERFGATE_TEST_FERRETDB_URI");
    }

    /** The FerretDB binary the test servers run, for a test that runs (and kills) a FerretDB of its own. */
    public static String ferretDbBinary() {
        return required("PERFGATE_TEST_FERRETDB_BIN");
    }

    public static String pyroscopeUrl() {
        return required("PERFGATE_TEST_PYROSCOPE_URL");
    }

    public static String prometheusUrl() {
        return required("PERFGATE_TEST_PROMETHEUS_URL");
    }

    public static String processExporterUrl() {
        return required("PERFGATE_TEST_PROCESS_EXPORTER_URL");
    }

    static String required(String name) {
        return required(name, "start the test servers with 'scripts/test-servers.sh start' and export "
                + "'scripts/test-servers.sh env' (scripts/test.sh does both)");
    }

    /** The variable's value; a missing one fails the test with {@code howToSet}. */
    public static String required(String name, String howToSet) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(name + " is not set: " + howToSet);
        }
        return value;
    }
}
