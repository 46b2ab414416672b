package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./orchestrator} launcher found through a chain of symlinks on {@code PATH} and run
 * from another directory: it must find its own checkout, not the symlink's directory. The launcher
 * is copied into a scratch checkout holding an up-to-date jar, and {@code JAVA_HOME} points at a
 * stand-in {@code java} that prints its arguments, so the test builds nothing.
 */
class LauncherTest {

  @Test
  void runsTheCheckoutsJarThroughASymlinkChainFromAnyDirectory(@TempDir Path tmp) throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
    Path checkout = Files.createDirectories(tmp.resolve("checkout"));
    Files.copy(Path.of("../orchestrator"), checkout.resolve("orchestrator"));
    executable(checkout.resolve("orchestrator"));
    Path jar = Files.createDirectories(checkout.resolve("cli/target")).resolve("orchestrator.jar");
    Files.writeString(jar, "stand-in");

    Path javaHome = Files.createDirectories(tmp.resolve("jdk/bin"));
    Files.writeString(javaHome.resolve("java"), "#!/bin/sh\necho \"java $*\"\n");
    executable(javaHome.resolve("java"));

    // ~/bin/orchestrator -> ../links/orch (relative) -> checkout/orchestrator (absolute)
    Path links = Files.createDirectories(tmp.resolve("links"));
    Files.createSymbolicLink(links.resolve("orch"), checkout.resolve("orchestrator"));
    Path bin = Files.createDirectories(tmp.resolve("home/bin"));
    Files.createSymbolicLink(bin.resolve("orchestrator"), Path.of("../../links/orch"));
    Path elsewhere = Files.createDirectories(tmp.resolve("some/project"));

    ProcessBuilder pb =
        // A shell looks the command up on its PATH, as a user's would.
        new ProcessBuilder("/bin/bash", "-c", "orchestrator route orchestrator/free --json")
            .directory(elsewhere.toFile())
            .redirectErrorStream(true);
    pb.environment().put("PATH", bin + ":/usr/bin:/bin");
    pb.environment().put("JAVA_HOME", tmp.resolve("jdk").toString());
    pb.environment().remove("ORCHESTRATOR_JAVA_OPTS");
    String out = run(pb);

    assertThat(out.strip())
        .isEqualTo(
            "java -Djdk.nio.maxCachedBufferSize=262144 -jar "
                + jar.toRealPath()
                + " route orchestrator/free --json");
  }

  /**
   * The jar holds health-redis and the Micrometer integration too: a source of theirs newer than
   * the jar rebuilds it, as one of engine, providers, catalog, serve or cli does.
   */
  @Test
  void rebuildsWhenASourceOfAnyModuleInTheJarIsNewer(@TempDir Path tmp) throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "needs bash");
    Path checkout = Files.createDirectories(tmp.resolve("checkout"));
    Files.copy(Path.of("../orchestrator"), checkout.resolve("orchestrator"));
    executable(checkout.resolve("orchestrator"));
    Files.writeString(checkout.resolve("pom.xml"), "<project/>");
    java.nio.file.attribute.FileTime old =
        java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 120_000);
    Files.setLastModifiedTime(checkout.resolve("pom.xml"), old);
    Path jar = Files.createDirectories(checkout.resolve("cli/target")).resolve("orchestrator.jar");
    Files.writeString(jar, "stand-in");
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Files.writeString(bin.resolve("mvn"), "#!/bin/sh\necho \"mvn ran\" >&2\n");
    executable(bin.resolve("mvn"));
    Path javaHome = Files.createDirectories(tmp.resolve("jdk/bin"));
    Files.writeString(javaHome.resolve("java"), "#!/bin/sh\necho \"java ran\"\n");
    executable(javaHome.resolve("java"));

    for (String module : new String[] {"health-redis", "integrations/micrometer"}) {
      Path src =
          Files.createDirectories(checkout.resolve(module + "/src/main/java/x")).resolve("A.java");
      Files.writeString(src, "class A {}");
      Files.setLastModifiedTime(
          jar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 60_000));
      ProcessBuilder pb =
          new ProcessBuilder("/bin/bash", checkout.resolve("orchestrator").toString(), "--version")
              .redirectErrorStream(true);
      pb.environment().put("PATH", bin + ":/usr/bin:/bin");
      pb.environment().put("JAVA_HOME", tmp.resolve("jdk").toString());
      String out = run(pb);
      assertThat(out).as(module).contains("orchestrator: building").contains("mvn ran");
      Files.delete(src);
    }
  }

  private static void executable(Path p) throws IOException {
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static String run(ProcessBuilder pb) throws Exception {
    Process p = pb.start();
    byte[] bytes = p.getInputStream().readAllBytes();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("launcher finished").isTrue();
    String out = new String(bytes, StandardCharsets.UTF_8);
    assertThat(p.exitValue()).as(out).isZero();
    return out;
  }
}
