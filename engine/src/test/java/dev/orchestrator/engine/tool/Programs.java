package dev.orchestrator.engine.tool;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** The programs on this machine's {@code PATH}, for tests that run a real one when it is there. */
final class Programs {
  private Programs() {}

  /** Whether {@code program} is an executable file in a directory of {@code PATH}. */
  static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(dir, program))) {
        return true;
      }
    }
    return false;
  }
}
