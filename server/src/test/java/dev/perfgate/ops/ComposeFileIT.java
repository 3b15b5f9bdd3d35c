package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * docker-compose.yml is valid for Docker Compose v2 (its own schema and interpolation, run with the real
 * docker-compose binary, no engine needed), holds no secret, and every service restarts and reports health.
 */
class ComposeFileIT {

    static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Z0-9_]+)");
    static final Set<String> REQUIRED_SECRETS = Set.of("PERFGATE_ADMIN_TOKEN", "GRAFANA_ADMIN_PASSWORD");
    static final Set<String> ONE_SHOT = Set.of("load-runner");

    @Test
    void shouldBeValidWithTheSecretsSet() throws Exception {
        Path env = envFile(true);

        Tools.Result result = compose(env, "--profile", "load", "config", "--quiet");

        assertThat(result.exitCode()).as(result.output()).isZero();
    }

    @Test
    void shouldRefuseToStartWithoutEachSecret() throws Exception {
        for (String missing : REQUIRED_SECRETS) {
            Set<String> others = new LinkedHashSet<>(REQUIRED_SECRETS);
            others.remove(missing);

            Tools.Result result = compose(envFile(others), "config", "--quiet");

            assertThat(result.exitCode()).as("without %s", missing).isNotZero();
            assertThat(result.output()).contains("set " + missing + " in .env");
        }
    }

    @Test
    void shouldResolveEveryServiceWithAHealthCheckAndRestartPolicy() throws Exception {
        Tools.Result result = compose(envFile(true), "--profile", "load", "config", "--format", "json");
        assertThat(result.exitCode()).as(result.output()).isZero();

        Map<String, Map<String, Object>> services = services();
        assertThat(services.keySet()).containsExactlyInAnyOrder("mongo", "perfgate", "pyroscope", "prometheus", "grafana",
                "demo-app", "load-runner");
        for (Map.Entry<String, Map<String, Object>> service : services.entrySet()) {
            if (ONE_SHOT.contains(service.getKey())) {
                assertThat(service.getValue().get("restart")).as(service.getKey()).isEqualTo("no");
                continue;
            }
            assertThat(service.getValue().get("restart")).as("%s restart", service.getKey()).isEqualTo("unless-stopped");
            assertThat(service.getValue()).as("%s healthcheck", service.getKey()).containsKey("healthcheck");
        }
    }

    @Test
    void shouldPinEveryImageToATag() throws IOException {
        for (Map.Entry<String, Map<String, Object>> service : services().entrySet()) {
            String image = String.valueOf(service.getValue().get("image"));
            assertThat(image).as(service.getKey()).matches("[a-z0-9./-]+:[A-Za-z0-9.${}_:-]+").doesNotEndWith(":latest");
        }
    }

    @Test
    void shouldKeepSecretsOutOfTheFile() throws IOException {
        List<String> literal = new ArrayList<>();
        for (Map.Entry<String, Map<String, Object>> service : services().entrySet()) {
            Object environment = service.getValue().get("environment");
            if (environment instanceof Map<?, ?> variables) {
                variables.forEach((key, value) -> {
                    if (key.toString().matches(".*(TOKEN|PASSWORD|SECRET|KEY).*") && !String.valueOf(value).startsWith("${")) {
                        literal.add(service.getKey() + ": " + key + "=" + value);
                    }
                });
            }
        }
        assertThat(literal).as("secrets written into docker-compose.yml").isEmpty();
        assertThat(Files.exists(RepoFiles.path(".env"))).as(".env is never committed (only .env.example)").isFalse();
    }

    @Test
    void shouldDocumentEveryVariableInEnvExample() throws IOException {
        Set<String> used = new LinkedHashSet<>();
        Matcher m = VARIABLE.matcher(Files.readString(RepoFiles.path("docker-compose.yml")));
        while (m.find()) {
            used.add(m.group(1));
        }
        String example = Files.readString(RepoFiles.path(".env.example"));

        assertThat(used).allSatisfy(name -> assertThat(example).as("%s in .env.example", name).containsPattern("(?m)^" + name + "="));
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldMountAndBuildOnlyWhatTheRepositoryHas() throws IOException {
        String dockerfile = Files.readString(RepoFiles.path("deploy/docker/Dockerfile"));
        for (Map.Entry<String, Map<String, Object>> service : services().entrySet()) {
            for (Object volume : (List<Object>) service.getValue().getOrDefault("volumes", List.of())) {
                String source = volume.toString().split(":")[0];
                if (source.startsWith("./")) {
                    assertThat(RepoFiles.path(source.substring(2))).as("%s mounts %s", service.getKey(), source).exists();
                }
            }
            if (service.getValue().get("build") instanceof Map<?, ?> build) {
                assertThat(RepoFiles.path(String.valueOf(build.get("dockerfile")))).exists();
                assertThat(dockerfile).as("%s builds target %s", service.getKey(), build.get("target"))
                        .containsPattern("(?m)^FROM \\S+ AS " + build.get("target") + "$");
            }
        }
    }

    /** .env.example with its required secrets filled in. */
    static Path envFile(boolean withSecrets) throws IOException {
        return envFile(withSecrets ? REQUIRED_SECRETS : Set.of());
    }

    /** .env.example with these of its (empty) secrets filled in. */
    static Path envFile(Set<String> filled) throws IOException {
        String example = Files.readString(RepoFiles.path(".env.example"));
        for (String name : filled) {
            example = example.replaceAll("(?m)^" + name + "=$", name + "=test-" + name.toLowerCase());
        }
        Path env = Files.createTempFile("perfgate-compose", ".env");
        Files.writeString(env, example);
        return env;
    }

    static Tools.Result compose(Path env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Tools.compose().toString(), "--env-file", env.toString(),
                "-f", "docker-compose.yml"));
        command.addAll(List.of(args));
        return Tools.run(RepoFiles.root(), command);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Map<String, Object>> services() throws IOException {
        try (Reader reader = Files.newBufferedReader(RepoFiles.path("docker-compose.yml"))) {
            Map<String, Object> compose = new Yaml().load(reader);
            return (Map<String, Map<String, Object>>) compose.get("services");
        }
    }
}
