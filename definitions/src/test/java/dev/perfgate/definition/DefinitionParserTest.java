package dev.perfgate.definition;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DefinitionParserTest {

    private final DefinitionParser parser = new DefinitionParser();

    private static final String VALID = """
            system: afterburner
            workloads: [peak]
            prometheus:
              url: http://127.0.0.1:9090
            baseline:
              strategy: median
              runs: 3
            validity:
              maxErrorPct: 5
            checks:
              - id: cpu
                name: avg CPU
                unit: "%"
                prometheus:
                  query: avg(rate(process_cpu_seconds_total[15s])) * 100
                requirement: "< 50"
                growth: "<= +10%"
                floor: 2
                key: true
              - id: p99
                name: p99 response time
                results: { stat: p99 }
                requirement: "<= 0.2s"
                severity: warn
            """;

    @Test
    void shouldReadADeclaredWarmUpAndDefaultToNone() {
        // Given / When
        GateDefinition declared = parser.parse("a.yaml", VALID.replace("workloads: [peak]", "workloads: [peak]\nwarmup: 1.5m"))
                .definition();
        GateDefinition none = parser.parse("a.yaml", VALID).definition();

        // Then
        assertThat(declared.warmup()).isEqualTo(java.time.Duration.ofSeconds(90));
        assertThat(none.warmup()).isEqualTo(java.time.Duration.ZERO);
        assertThat(none.processStart()).isNull();
        assertThat(parser.parse("a.yaml", VALID.replace("workloads: [peak]",
                "workloads: [peak]\nprocessStart: 'max(process_start_time_seconds{job=\"shop\"})'")).definition().processStart())
                .isEqualTo("max(process_start_time_seconds{job=\"shop\"})");
    }

    @Test
    void shouldRefuseAProcessStartWithoutAPrometheus() {
        // Given / When
        DefinitionParser.Result result = parser.parse("a.yaml", """
                system: shop
                processStart: 'max(process_start_time_seconds)'
                checks:
                  - id: p99
                    results: { stat: p99 }
                    requirement: "<= 200ms"
                """);

        // Then
        assertThat(result.definition()).isNull();
        assertThat(result.problems()).singleElement().asString()
                .contains("processStart reads Prometheus, but no prometheus.url is set");
    }

    @Test
    void shouldRefuseAWarmUpWithoutAUnit() {
        // Given / When
        DefinitionParser.Result result = parser.parse("a.yaml", VALID.replace("workloads: [peak]", "workloads: [peak]\nwarmup: 60"));

        // Then
        assertThat(result.definition()).isNull();
        assertThat(result.problems()).singleElement().asString().contains("warmup");
    }

    @Test
    void shouldTakeCredentialsOutOfTheUrlAndNeverShowThem() {
        DefinitionParser.Result result = parser.parse("shop.yaml", """
                system: shop
                prometheus:
                  url: http://admin:s3cret@prom:9090/?api_key=K3Y
                pyroscope:
                  url: http://pyro:4040
                  application: shop
                  auth: { bearerTokenFile: /run/secrets/pyroscope }
                environmentSettings:
                  prod:
                    prometheus:
                      url: https://prom.prod
                      auth: { basic: { username: perfgate, passwordEnv: PROM_PROD_PASSWORD } }
                checks:
                  - id: cpu
                    prometheus: { query: up }
                    requirement: "< 50"
                """);

        GateDefinition gate = result.definition();
        assertThat(result.problems()).isEmpty();
        assertThat(gate.prometheusUrl()).isEqualTo("http://prom:9090/");
        assertThat(gate.toString()).doesNotContain("s3cret").doesNotContain("K3Y");
        GateDefinition.Credential local = gate.credentialFor("http://prom:9090/api/v1/query_range?query=up");
        assertThat(local.username()).isEqualTo("admin");
        assertThat(local.password()).isEqualTo("s3cret");
        assertThat(local.secretParameters()).containsExactly("api_key=K3Y");
        assertThat(gate.credentialFor("https://prom.prod/api/v1/query").passwordEnv()).isEqualTo("PROM_PROD_PASSWORD");
        assertThat(gate.credentialFor("http://pyro:4040/render").bearerTokenFile()).isEqualTo("/run/secrets/pyroscope");
        assertThat(gate.credentialFor("http://prom:90900/")).as("another port").isNull();
    }

    @Test
    void shouldRefuseAnAuthWithBothBasicAndBearer() {
        DefinitionParser.Result result = parser.parse("shop.yaml", """
                system: shop
                prometheus:
                  url: http://prom:9090
                  auth: { basic: { username: a, passwordEnv: P }, bearerTokenEnv: T }
                checks:
                  - id: cpu
                    prometheus: { query: up }
                    requirement: "< 50"
                """);

        assertThat(result.ok()).isFalse();
        assertThat(result.problems()).first().extracting(Problem::line).isEqualTo(4);
    }

    @Test
    void shouldNotQuoteAPasswordInAProblem() {
        DefinitionParser.Result result = parser.parse("shop.yaml", """
                system: shop
                prometheus:
                  url: ftp://admin:s3cret@prom:9090
                checks: []
                """);

        assertThat(result.ok()).isFalse();
        assertThat(result.problems().toString()).doesNotContain("s3cret");
    }

    @Test
    void shouldReadEveryPartOfAValidDefinition() {
        DefinitionParser.Result result = parser.parse("afterburner.yaml", VALID);

        assertThat(result.problems()).isEmpty();
        GateDefinition gate = result.definition();
        assertThat(gate.appliesTo("afterburner", "peak", "any")).isTrue();
        assertThat(gate.appliesTo("afterburner", "soak", "any")).isFalse();
        assertThat(gate.baseline()).isEqualTo(GateDefinition.BaselineStrategy.MEDIAN);
        assertThat(gate.validity().maxErrorPct()).isEqualTo(5.0);
        CheckDefinition cpu = gate.checks().get(0);
        assertThat(cpu.source()).isEqualTo(new ValueSource.Prometheus("avg(rate(process_cpu_seconds_total[15s])) * 100", "avg"));
        assertThat(cpu.requirement().operator()).isEqualTo(Rule.Operator.LT);
        assertThat(cpu.growth().percent()).isTrue();
        assertThat(cpu.growth().threshold()).isEqualTo(10.0);
        assertThat(cpu.key()).isTrue();
        CheckDefinition p99 = gate.checks().get(1);
        assertThat(p99.requirement().threshold()).as("seconds are turned into the value's milliseconds").isEqualTo(200.0);
        assertThat(p99.severity()).isEqualTo(CheckDefinition.Severity.WARN);
    }

    @Test
    void shouldNameFileAndLineOfABrokenRule() {
        String broken = VALID.replace("requirement: \"< 50\"", "requirement: \"<< 50\"");

        DefinitionParser.Result result = parser.parse("afterburner.yaml", broken);

        assertThat(result.ok()).isFalse();
        assertThat(result.problems()).hasSize(1);
        Problem problem = result.problems().get(0);
        assertThat(problem.file()).isEqualTo("afterburner.yaml");
        assertThat(problem.line()).isEqualTo(16);
        assertThat(problem.message()).isEqualTo("/checks/0/requirement: '<< 50' is not a requirement: write e.g. '< 50' or '<= 200ms'");
    }

    @Test
    void shouldNameLineOfYamlSyntaxError() {
        DefinitionParser.Result result = parser.parse("x.yaml", "system: a\nchecks:\n  - id: [unclosed\n");

        assertThat(result.problems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isGreaterThanOrEqualTo(3);
            assertThat(p.message()).startsWith("not valid YAML");
        });
    }

    @Test
    void shouldNameALineWhereAKeyIsGivenTwice() {
        // Given: the stricter requirement first, a looser one below it (YAML readers keep the last)
        DefinitionParser.Result result = parser.parse("a.yaml", VALID.replace("""
                    requirement: "<= 0.2s"
                """, """
                    requirement: "<= 0.2s"
                    requirement: "<= 2s"
                """));

        // Then
        assertThat(result.ok()).isFalse();
        assertThat(result.problems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(24);
            assertThat(p.message()).contains("requirement");
        });
    }

    @Test
    void shouldRefuseTwoChecksOfOneName() {
        // Given: the p99 check named like the CPU check, and one whose id is another's name
        DefinitionParser.Result named = parser.parse("a.yaml", VALID.replace("name: p99 response time", "name: avg CPU"));
        DefinitionParser.Result byId = parser.parse("a.yaml", VALID.replace("name: p99 response time", "name: cpu")
                .replace("    name: avg CPU\n", ""));

        // Then
        assertThat(named.problems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(20);
            assertThat(p.message()).isEqualTo("check 'p99': the name 'avg CPU' is also check 'cpu''s, so their verdict"
                    + " messages could not be told apart: give each check its own name");
        });
        assertThat(byId.problems()).singleElement().asString().contains("the name 'cpu' is also check 'cpu''s");
    }

    @Test
    void shouldRefuseAUnitThatRelabelsAResultsStatistic() {
        // Given: p99 is in ms, throughput in req/s
        DefinitionParser.Result seconds = parser.parse("a.yaml", VALID.replace("""
                    results: { stat: p99 }
                    requirement: "<= 0.2s"
                """, """
                    results: { stat: p99 }
                    unit: s
                    requirement: "< 0.5"
                """));
        DefinitionParser.Result millis = parser.parse("a.yaml", VALID.replace("""
                    results: { stat: p99 }
                """, """
                    results: { stat: p99 }
                    unit: MS
                """));

        // Then
        assertThat(seconds.problems()).singleElement().satisfies(p -> assertThat(p.message())
                .isEqualTo("check 'p99': the results statistic 'p99' is in ms, not 's': leave 'unit' out (a rule may"
                        + " still be written in s, e.g. '< 0.5s')"));
        assertThat(millis.ok()).as(millis.problems().toString()).isTrue();
    }

    @Test
    void shouldRejectUnknownFieldsAndTwoSources() {
        String text = """
                system: a
                checks:
                  - id: one
                    measure: cpu_avg_pct
                    results: { stat: p99 }
                    requirement: "< 1"
                  - id: two
                    measure: cpu
                    requirment: "< 1"
                """;

        DefinitionParser.Result result = parser.parse("a.yaml", text);

        assertThat(result.problems()).extracting(Problem::line).as("the line of the misspelt key").contains(9);
        assertThat(result.problems().toString()).contains("requirment");
    }

    @Test
    void shouldRequireOneSourceAndAUnitThatMatchesTheRule() {
        String text = """
                system: a
                checks:
                  - id: one
                    measure: cpu_avg_pct
                    measure2: x
                """;
        String twoSources = """
                system: a
                checks:
                  - id: one
                    measure: cpu_avg_pct
                    results: { stat: p99 }
                    requirement: "< 1"
                """;
        String unit = """
                system: a
                checks:
                  - id: lat
                    results: { stat: p99 }
                    requirement: "< 50%"
                """;

        assertThat(parser.parse("a.yaml", text).ok()).isFalse();
        assertThat(parser.parse("a.yaml", twoSources).problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("only one value source").contains("results and measure"));
        assertThat(parser.parse("a.yaml", unit).problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("is in % but the value is in ms"));
    }

    @Test
    void shouldRequireAPrometheusForPromqlChecks() {
        String text = """
                system: a
                checks:
                  - id: cpu
                    prometheus: { query: up }
                    requirement: "< 1"
                """;

        assertThat(parser.parse("a.yaml", text).problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("no prometheus.url"));
    }

    @Test
    void shouldFingerprintWhatIsMeasuredNotTheThresholds() {
        GateDefinition before = parser.parse("a.yaml", VALID).definition();
        GateDefinition stricter = parser.parse("a.yaml", VALID.replace("\"< 50\"", "\"< 40\"")).definition();
        GateDefinition otherQuery = parser.parse("a.yaml", VALID.replace("[15s]", "[30s]")).definition();

        assertThat(stricter.checks().get(0).fingerprint()).isEqualTo(before.checks().get(0).fingerprint());
        assertThat(otherQuery.checks().get(0).fingerprint()).isNotEqualTo(before.checks().get(0).fingerprint());
    }

    @Test
    void shouldReadAPyroscopeTargetCostAndProfileChecks() {
        String text = """
                system: demo-app
                pyroscope:
                  url: http://127.0.0.1:4041
                  application: demo-app
                  labels: { env: local }
                  profiles: [cpu, alloc_bytes]
                cost: { pricePerCoreHour: 0.05 }
                environmentSettings:
                  prod: { pyroscope: { url: http://grafana:4040, dialect: grafana, uiUrl: http://grafana:3000, application: demo } }
                checks:
                  - id: hotspot
                    name: largest self CPU growth
                    unit: points
                    profile: { type: cpu, measure: maxSelfShareGrowth }
                    requirement: "<= 5"
                  - id: alloc
                    name: allocated bytes per request
                    profile: { type: alloc_bytes, measure: totalPerRequest, frames: dev/perfgate/demo/ }
                    growth: "<= +10%"
                """;

        GateDefinition gate = parser.parse("demo.yaml", text).definition();

        assertThat(gate.pyroscopeFor("local").application()).isEqualTo("demo-app");
        assertThat(gate.pyroscopeFor("local").profiles()).containsExactly("cpu", "alloc_bytes");
        assertThat(gate.pyroscopeFor("local").uploadIntervalSeconds()).isEqualTo(10);
        assertThat(gate.pyroscopeFor("prod").dialect()).isEqualTo("grafana");
        assertThat(gate.cost().pricePerCoreHour()).isEqualTo(0.05);
        assertThat(gate.checks().get(0).source()).isEqualTo(new ValueSource.Profile("cpu", "maxSelfShareGrowth", null));
        assertThat(gate.checks().get(1).source())
                .isEqualTo(new ValueSource.Profile("alloc_bytes", "totalPerRequest", null, "dev/perfgate/demo/"));
    }

    @Test
    void shouldRequireAPyroscopeForProfileChecks() {
        String text = """
                system: a
                checks:
                  - id: alloc
                    profile: { type: alloc_bytes, measure: totalPerRequest }
                    growth: "<= +10%"
                """;

        assertThat(parser.parse("a.yaml", text).problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("no pyroscope target"));
    }

    @Test
    void shouldRejectFramesOnAMeasureThatIsNotATotal() {
        String text = """
                system: a
                pyroscope: { url: http://127.0.0.1:4041, application: a }
                checks:
                  - id: hotspot
                    profile: { type: cpu, measure: selfShare, function: com/acme/A.f, frames: com/acme/ }
                    requirement: "<= 5"
                """;

        assertThat(parser.parse("a.yaml", text).problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("'frames' goes only with measure totalPerRequest"));
        assertThat(parser.parse("a.yaml", text.replace("measure: selfShare, function: com/acme/A.f", "measure: maxSelfShareGrowth"))
                .problems()).as("the growth of the application's own functions").isEmpty();
    }

    @Test
    void shouldReadWhatARealReadingLooksLikeAsOneRuleOrAList() {
        String yaml = """
                system: afterburner
                checks:
                  - id: cpu
                    unit: "%"
                    measure: cpu_pct
                    expect: "> 0"
                    requirement: "< 50"
                  - id: rps
                    measure: rps
                    expect: ["> 0", "<= 800"]
                    requirement: "> 10"
                  - id: p99
                    results: { stat: p99 }
                    requirement: "< 200ms"
                """;

        DefinitionParser.Result result = parser.parse("afterburner.yaml", yaml);

        assertThat(result.problems()).isEmpty();
        var checks = result.definition().checks();
        assertThat(checks.get(0).expect()).extracting(Rule::text).containsExactly("> 0");
        assertThat(checks.get(1).expect()).extracting(Rule::text).containsExactly("> 0", "<= 800");
        assertThat(checks.get(2).expect()).as("no expectation stated").isEmpty();
    }

    @Test
    void shouldRejectAnExpectationThatIsNotARule() {
        String yaml = """
                system: afterburner
                checks:
                  - id: cpu
                    measure: cpu_pct
                    expect: "positive"
                    requirement: "< 50"
                """;

        DefinitionParser.Result result = parser.parse("afterburner.yaml", yaml);

        assertThat(result.definition()).isNull();
        assertThat(result.problems()).isNotEmpty();
        assertThat(result.problems().get(0).toString()).contains("expect");
    }
}
