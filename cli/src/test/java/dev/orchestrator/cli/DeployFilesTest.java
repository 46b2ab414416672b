package dev.orchestrator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.sun.net.httpserver.HttpServer;
import dev.orchestrator.catalog.CatalogLoader;
import dev.orchestrator.engine.catalog.Provider;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code deploy/Dockerfile} and {@code deploy/kubernetes/*.yaml} are parsed and checked against the
 * build and the CLI without a container runtime: the stages, the non-root user, the files the run
 * stage copies, the command line (parsed by the CLI itself), the probes and the names the manifests
 * share. The image's health probe is compiled and run against a local server.
 */
class DeployFilesTest {
  private static final Path DEPLOY = Path.of("../deploy");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final YAMLMapper YAML = new YAMLMapper();

  /** One Dockerfile instruction: its keyword, upper-cased, and the rest, continuations joined. */
  record Instruction(String keyword, String args) {}

  /** The instructions of a Dockerfile, comments and the syntax directive dropped. */
  static List<Instruction> instructions(String dockerfile) {
    List<Instruction> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String raw : dockerfile.split("\n")) {
      String line = raw.strip();
      if (line.startsWith("#") || (line.isEmpty() && current.length() == 0)) {
        continue;
      }
      if (line.endsWith("\\")) {
        current.append(line, 0, line.length() - 1).append(' ');
        continue;
      }
      current.append(line);
      String text = current.toString().strip();
      current.setLength(0);
      if (text.isEmpty()) {
        continue;
      }
      int space = text.indexOf(' ');
      out.add(new Instruction(text.substring(0, space).toUpperCase(), text.substring(space + 1)));
    }
    assertThat(current.toString()).as("a continuation at the end of the file").isBlank();
    return out;
  }

  /** The stages of a Dockerfile by name (or index), each its instructions after its FROM. */
  static Map<String, List<Instruction>> stages(List<Instruction> all) {
    Map<String, List<Instruction>> stages = new LinkedHashMap<>();
    List<Instruction> current = null;
    for (Instruction i : all) {
      if (i.keyword().equals("FROM")) {
        String[] words = i.args().split("\\s+");
        String name =
            words.length == 3 && words[1].equalsIgnoreCase("AS")
                ? words[2]
                : String.valueOf(stages.size());
        current = new ArrayList<>();
        current.add(i);
        stages.put(name, current);
      } else {
        assertThat(current).as(i.keyword() + " before any FROM").isNotNull();
        current.add(i);
      }
    }
    return stages;
  }

  private static List<Instruction> only(List<Instruction> stage, String keyword) {
    return stage.stream().filter(i -> i.keyword().equals(keyword)).toList();
  }

  private static List<String> execForm(String args) throws IOException {
    List<String> out = new ArrayList<>();
    JSON.readTree(args).forEach(n -> out.add(n.asText()));
    return out;
  }

  /** Parses {@code args} as the CLI does (picocli throws on an unknown option or a bad value). */
  private static CommandLine.ParseResult parse(List<String> args) {
    return new CommandLine(new OrchestratorCli()).parseArgs(args.toArray(String[]::new));
  }

  private static String value(List<String> args, String option) {
    int i = args.indexOf(option);
    assertThat(i).as(option + " in " + args).isNotNegative();
    return args.get(i + 1);
  }

  @Test
  void dockerfileBuildsTheCliJarAndRunsServeAsANonRootUserWithAReadyzHealthCheck()
      throws IOException {
    Map<String, List<Instruction>> stages =
        stages(instructions(Files.readString(DEPLOY.resolve("Dockerfile"))));
    assertThat(stages).as("a build stage and a run stage").hasSize(2).containsKey("build");
    List<Instruction> build = stages.get("build");
    List<Instruction> run = new ArrayList<>(stages.values()).get(1);

    // The build stage packages the module whose shaded jar the run stage copies.
    String mvn = only(build, "RUN").get(0).args();
    assertThat(mvn).contains("mvn ").contains(" package -pl cli -am").contains("-DskipTests");
    String cliPom = Files.readString(Path.of("pom.xml"));
    assertThat(cliPom).contains("<finalName>orchestrator</finalName>");
    String workdir = only(build, "WORKDIR").get(0).args();
    Map<String, String> copies = new HashMap<>(); // source in the build stage -> destination
    for (Instruction copy : only(run, "COPY")) {
      String[] words = copy.args().split("\\s+");
      assertThat(words[0]).isEqualTo("--from=build");
      copies.put(words[1], words[2]);
    }
    assertThat(copies).containsKey(workdir + "/cli/target/orchestrator.jar");
    Matcher probeSource = Pattern.compile("-d (\\S+) (deploy/\\S+\\.java)").matcher(mvn);
    assertThat(probeSource.find()).as("the probe is compiled in the build stage").isTrue();
    assertThat(Path.of("..", probeSource.group(2))).isRegularFile();
    assertThat(copies).containsKey(probeSource.group(1));

    // The run stage: a distroless JRE, a numeric non-root user, the port serve listens on.
    assertThat(run.get(0).args()).startsWith("gcr.io/distroless/java");
    String user = only(run, "USER").get(0).args();
    assertThat(user).matches("[1-9][0-9]*(:[1-9][0-9]*)?");
    String port = only(run, "EXPOSE").get(0).args();

    List<String> entrypoint = execForm(only(run, "ENTRYPOINT").get(0).args());
    List<String> cmd = execForm(only(run, "CMD").get(0).args());
    assertThat(entrypoint).endsWith("-jar", copies.get(workdir + "/cli/target/orchestrator.jar"));
    assertThat(entrypoint).contains("-Djdk.nio.maxCachedBufferSize=262144"); // as the launcher
    CommandLine.ParseResult serve = parse(cmd).subcommand();
    assertThat(serve.commandSpec().name()).isEqualTo("serve");
    assertThat(value(cmd, "--port")).isEqualTo(port);
    assertThat(value(cmd, "--host")).isEqualTo("0.0.0.0");

    String healthcheck = only(run, "HEALTHCHECK").get(0).args();
    String probe = healthcheck.substring(healthcheck.indexOf("CMD ") + 4);
    List<String> probeCommand = execForm(probe);
    assertThat(probeCommand.get(0)).isEqualTo(entrypoint.get(0));
    assertThat(probeCommand).endsWith("ReadyzProbe", "http://127.0.0.1:" + port + "/readyz");
    assertThat(value(probeCommand, "-cp")).isEqualTo(copies.get(probeSource.group(1)));
  }

  @Test
  void dockerIgnoreKeepsBuildOutputOutOfTheContext() throws IOException {
    assertThat(Files.readAllLines(Path.of("../.dockerignore"))).contains("**/target/");
  }

  @Test
  void readyzProbeExitsZeroOnlyOnA200(@TempDir Path dir) throws Exception {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    int compiled =
        javac.run(
            null,
            null,
            null,
            "--release",
            "17",
            "-Xlint:all",
            "-Werror",
            "-d",
            dir.toString(),
            DEPLOY.resolve("docker/ReadyzProbe.java").toString());
    assertThat(compiled).isZero();
    Map<String, Integer> statusByPath = new HashMap<>(Map.of("/ready", 200, "/not-ready", 503));
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          exchange.sendResponseHeaders(
              statusByPath.getOrDefault(exchange.getRequestURI().getPath(), 404), -1);
          exchange.close();
        });
    server.start();
    int closedPort;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
      Method check = loader.loadClass("ReadyzProbe").getMethod("check", String.class, int.class);
      String base = "http://127.0.0.1:" + server.getAddress().getPort();
      assertThat(check.invoke(null, base + "/ready", 2000)).isEqualTo(0);
      assertThat(check.invoke(null, base + "/not-ready", 2000)).isEqualTo(1);
      assertThat(check.invoke(null, "http://127.0.0.1:" + closedPort + "/readyz", 2000))
          .isEqualTo(1);
    } finally {
      server.stop(0);
    }
  }

  private static List<JsonNode> documents(String file) throws IOException {
    List<JsonNode> docs = new ArrayList<>();
    try (var it =
        YAML.readerFor(JsonNode.class).readValues(DEPLOY.resolve("kubernetes/" + file).toFile())) {
      while (it.hasNext()) {
        JsonNode doc = (JsonNode) it.next();
        assertThat(doc.path("apiVersion").asText()).as(file).isNotEmpty();
        assertThat(doc.path("kind").asText()).as(file).isNotEmpty();
        if (!doc.path("kind").asText().equals("Kustomization")) {
          assertThat(doc.path("metadata").path("name").asText()).as(file).isNotEmpty();
        }
        docs.add(doc);
      }
    }
    return docs;
  }

  private static JsonNode one(String file, String kind) throws IOException {
    List<JsonNode> of =
        documents(file).stream().filter(d -> d.path("kind").asText().equals(kind)).toList();
    assertThat(of).as(kind + " in " + file).hasSize(1);
    return of.get(0);
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  @Test
  void deploymentServesOnItsNamedPortWithReadinessOnReadyzAndLivenessOnHealthz()
      throws IOException {
    JsonNode deployment = one("deployment.yaml", "Deployment");
    assertThat(deployment.path("apiVersion").asText()).isEqualTo("apps/v1");
    JsonNode pod = deployment.path("spec").path("template");
    assertThat(deployment.path("spec").path("selector").path("matchLabels"))
        .isEqualTo(pod.path("metadata").path("labels"));
    assertThat(pod.path("spec").path("securityContext").path("runAsNonRoot").asBoolean()).isTrue();
    assertThat(pod.path("spec").path("securityContext").path("runAsUser").asInt()).isPositive();
    JsonNode container = pod.path("spec").path("containers").get(0);
    assertThat(container.path("securityContext").path("allowPrivilegeEscalation").asBoolean(true))
        .isFalse();

    List<String> args = strings(container.path("args"));
    assertThat(parse(args).subcommand().commandSpec().name()).isEqualTo("serve");
    assertThat(value(args, "--host")).isEqualTo("0.0.0.0");
    JsonNode port = container.path("ports").get(0);
    assertThat(port.path("name").asText()).isEqualTo("http");
    assertThat(value(args, "--port")).isEqualTo(port.path("containerPort").asText());

    JsonNode readiness = container.path("readinessProbe").path("httpGet");
    assertThat(readiness.path("path").asText()).isEqualTo("/readyz");
    assertThat(readiness.path("port").asText()).isEqualTo("http");
    JsonNode liveness = container.path("livenessProbe").path("httpGet");
    assertThat(liveness.path("path").asText()).isEqualTo("/healthz");
    assertThat(liveness.path("port").asText()).isEqualTo("http");

    // The cache directory is a mounted volume: the root file system is read-only.
    Set<String> mounts = new TreeSet<>();
    container.path("volumeMounts").forEach(m -> mounts.add(m.path("mountPath").asText()));
    assertThat(mounts).contains(value(args, "--cache-dir"), "/tmp");

    // The keys come from the Secret the manifests define.
    String secretName = container.path("envFrom").get(0).path("secretRef").path("name").asText();
    assertThat(one("secret.yaml", "Secret").path("metadata").path("name").asText())
        .isEqualTo(secretName);
  }

  @Test
  void secretHoldsTheTokenAndOnlyVariablesTheEmbeddedCatalogNames() throws IOException {
    JsonNode secret = one("secret.yaml", "Secret");
    List<String> keys = new ArrayList<>();
    secret.path("stringData").fieldNames().forEachRemaining(keys::add);
    assertThat(keys).contains("ORCHESTRATOR_TOKEN");
    Set<String> named = new TreeSet<>();
    for (Provider p : CatalogLoader.loadDefault().providers().values()) {
      named.addAll(p.apiKeyEnv());
    }
    keys.remove("ORCHESTRATOR_TOKEN");
    assertThat(keys).isNotEmpty().allMatch(named::contains);
  }

  @Test
  void serviceSelectsTheDeploymentsPodsOnItsNamedPort() throws IOException {
    JsonNode service = one("service.yaml", "Service");
    JsonNode pod = one("deployment.yaml", "Deployment").path("spec").path("template");
    assertThat(service.path("spec").path("selector"))
        .isEqualTo(pod.path("metadata").path("labels"));
    assertThat(service.path("spec").path("ports").get(0).path("targetPort").asText())
        .isEqualTo("http");
  }

  @Test
  void optionalRedisIsTheStoreTheDeploymentsCommentedHealthStoreNames() throws Exception {
    JsonNode redis = one("redis.yaml", "Deployment");
    JsonNode service = one("redis.yaml", "Service");
    assertThat(service.path("spec").path("selector"))
        .isEqualTo(redis.path("spec").path("template").path("metadata").path("labels"));
    String url =
        "redis://"
            + service.path("metadata").path("name").asText()
            + ":"
            + service.path("spec").path("ports").get(0).path("port").asInt();
    // The commented lines in deployment.yaml, uncommented, are a valid serve command line.
    List<String> args =
        strings(one("deployment.yaml", "Deployment").at("/spec/template/spec/containers/0/args"));
    String text = Files.readString(DEPLOY.resolve("kubernetes/deployment.yaml"));
    assertThat(text).contains("# - --health-store\n", "# - " + url + "\n");
    List<String> withRedis = new ArrayList<>(args);
    withRedis.addAll(List.of("--health-store", url));
    assertThat(parse(withRedis).subcommand().matchedOptionValue("--health-store", ""))
        .isEqualTo(url);
    assertThat(Files.readString(Path.of("../README.md"))).contains(url);
  }

  @Test
  void kustomizationListsFilesThatExist() throws IOException {
    JsonNode k = one("kustomization.yaml", "Kustomization");
    List<String> resources = strings(k.path("resources"));
    assertThat(resources).contains("deployment.yaml", "service.yaml", "secret.yaml");
    for (String r : resources) {
      assertThat(DEPLOY.resolve("kubernetes").resolve(r)).isRegularFile();
    }
  }

  @Test
  void readmeSaysHowToBuildTheImageAndApplyTheManifests() throws IOException {
    String readme = Files.readString(Path.of("../README.md"));
    int start = readme.indexOf("### Run it in a container");
    assertThat(start).isNotNegative();
    String section = readme.substring(start, readme.indexOf("\n### ", start + 1));
    assertThat(section)
        .contains("docker build -f deploy/Dockerfile", "kubectl apply -k deploy/kubernetes");
  }
}
