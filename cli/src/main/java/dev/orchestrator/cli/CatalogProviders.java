package dev.orchestrator.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.orchestrator.engine.catalog.ApiKey;
import dev.orchestrator.engine.catalog.Catalog;
import dev.orchestrator.engine.catalog.Provider;
import dev.orchestrator.engine.catalog.Route;
import dev.orchestrator.engine.plan.MissingCredentials;
import dev.orchestrator.engine.spi.Credentials;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code catalog providers}: every provider's base URL (or the setting that gives it one), protocol
 * and key variables, and whether each variable is set in this environment. Never prints a value.
 * One instance per invocation.
 */
@Command(
    name = "providers",
    mixinStandardHelpOptions = true,
    description =
        "List the providers: base URL, protocol, the variables that hold the key and whether each"
            + " is set (never the value).")
final class CatalogProviders implements Callable<Integer> {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  @Mixin CatalogOptions catalog;

  @Mixin JsonOption output;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** Read through this, so a test can give an environment of its own. */
  Credentials credentials = Credentials.fromEnvironment();

  @Override
  public Integer call() {
    Catalog c = catalog.load(spec.commandLine().getErr());
    Map<String, Integer> routes = new LinkedHashMap<>();
    for (Route r : c.routes()) {
      routes.merge(r.provider(), 1, Integer::sum);
    }
    PrintWriter out = spec.commandLine().getOut();
    if (output.json()) {
      ObjectNode doc = NODES.objectNode();
      ArrayNode ps = doc.putArray("providers");
      for (Provider p : c.providers().values()) {
        ObjectNode o = CatalogCommand.providerJson(p);
        ArrayNode vars = o.putArray("keyVariables");
        for (String v : p.apiKeyEnv()) {
          vars.addObject().put("name", v).put("set", credentials.lookup(v).isPresent());
        }
        ArrayNode keys = o.putArray("keys");
        int set = 0;
        for (ApiKey k : p.keys()) {
          boolean isSet = credentials.keyFor(k).isPresent();
          set += isSet ? 1 : 0;
          ObjectNode kj = keys.addObject().put("name", k.name());
          k.env().forEach(kj.putArray("variables")::add);
          kj.put("weight", k.weight()).put("set", isSet);
        }
        o.put("keyCount", p.keys().size());
        o.put("keysSet", set);
        // Whether its routes can be called: a key (or none needed) and a base URL, as planning
        // decides no_credentials
        o.put("configured", p.hasBaseUrl() && credentials.configured(p));
        o.put("routes", routes.getOrDefault(p.id(), 0));
        ps.add(o);
      }
      out.println(CatalogCommand.write(doc));
      return OrchestratorCli.EXIT_OK;
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"PROVIDER", "PROTOCOL", "ROUTES", "KEY", "BASE URL"});
    int missing = 0;
    int noUrl = 0;
    for (Provider p : c.providers().values()) {
      if (!credentials.configured(p)) {
        missing++;
      }
      if (!p.hasBaseUrl()) {
        noUrl++;
      }
      rows.add(
          new String[] {
            p.id(),
            p.protocol().wireName(),
            Integer.toString(routes.getOrDefault(p.id(), 0)),
            keys(p),
            baseUrl(p)
          });
    }
    out.print(TextTable.render(rows, ""));
    out.println(
        c.providers().size()
            + " providers, "
            + missing
            + " without a key (set one of the variables marked 'unset' to enable its routes)"
            + (noUrl == 0
                ? ""
                : ", "
                    + noUrl
                    + " without a base URL (set providers.<id>.baseUrl in a config to enable its"
                    + " routes)"));
    return OrchestratorCli.EXIT_OK;
  }

  /**
   * The provider's base URL, or what to set when it has none: {@code "(none: set
   * providers.aihubmix.baseUrl)"}, the setting a plan's {@code no_credentials} detail names.
   */
  static String baseUrl(Provider p) {
    return p.hasBaseUrl()
        ? p.baseUrl()
        : "(none: set " + MissingCredentials.baseUrlSetting(p.id()) + ")";
  }

  // "OPENROUTER_API_KEY set", "GEMINI_API_KEY unset, GOOGLE_API_KEY set", "none needed",
  // "2 of 3 keys set: a (GROQ_KEY_A) set, b (GROQ_KEY_B) unset, …"
  private String keys(Provider p) {
    if (p.apiKeyEnv().isEmpty()) {
      return "none needed";
    }
    if (!p.apiKeys().isEmpty()) {
      List<String> parts = new ArrayList<>();
      int set = 0;
      for (ApiKey k : p.keys()) {
        boolean isSet = credentials.keyFor(k).isPresent();
        set += isSet ? 1 : 0;
        parts.add(
            k.name() + " (" + String.join(" or ", k.env()) + ")" + (isSet ? " set" : " unset"));
      }
      return set + " of " + p.keys().size() + " keys set: " + String.join(", ", parts);
    }
    List<String> parts = new ArrayList<>();
    for (String v : p.apiKeyEnv()) {
      parts.add(v + (credentials.lookup(v).isPresent() ? " set" : " unset"));
    }
    return String.join(", ", parts);
  }
}
