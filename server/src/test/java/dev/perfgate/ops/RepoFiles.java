package dev.perfgate.ops;

import java.nio.file.Files;
import java.nio.file.Path;

/** Files of the repository the tests check (dashboards, compose file, deploy configs), found from the working directory. */
final class RepoFiles {

    private RepoFiles() {
    }

    /** The repository root: the nearest directory up from here that holds docker-compose.yml and dashboards/. */
    static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.isRegularFile(dir.resolve("docker-compose.yml")) && Files.isDirectory(dir.resolve("dashboards"))) {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("No docker-compose.yml with dashboards/ beside it above " + Path.of("").toAbsolutePath());
    }

    static Path path(String relative) {
        return root().resolve(relative);
    }
}
