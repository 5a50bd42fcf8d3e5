import type { WebhookSigning } from '../../openapi/webhookSigning';
import { javaQuoted } from '../quoting';
import { handlerLimits, type WebhookProgram } from './index';

export function java(s: WebhookSigning): WebhookProgram {
  const file = 'WebhookHandler.java';
  return {
    file,
    run: `${s.secretVariable}=… PORT=8080 java ${file}`,
    code: `// Receives webhook deliveries: checks each one's signature and age, answers at once, then handles it.
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class WebhookHandler {
    static final long TOLERANCE_SECONDS = ${s.toleranceSeconds};
    // While a secret is rotated, a delivery carries a signature for each: any one matching will do.
    static final int MAX_SIGNATURES = ${s.maxSignatures};
    static final int MAX_BODY_BYTES = ${handlerLimits.maxBodyBytes};
    static final String SECRET = System.getenv(${javaQuoted(s.secretVariable)});
    // Event ids already handled. Keep them in your database, for longer than retries last.
    static final Set<String> SEEN = ConcurrentHashMap.newKeySet();

    static boolean verify(byte[] rawBody, List<String> signatures, String timestamp, long now) throws Exception {
        if (signatures == null || timestamp == null || !timestamp.matches("[0-9]{1,18}")) return false;
        if (Math.abs(now - Long.parseLong(timestamp)) > TOLERANCE_SECONDS) return false;
        // Several values: comma-separated, or the header repeated. One list either way.
        String[] given = String.join(",", signatures).split(",", -1);
        if (given.length > MAX_SIGNATURES) return false;
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        mac.update((timestamp + ${javaQuoted(s.separator)}).getBytes(StandardCharsets.UTF_8));
        StringBuilder hex = new StringBuilder(${javaQuoted(s.signaturePrefix)});
        for (byte b : mac.doFinal(rawBody)) hex.append(String.format("%02x", b));
        byte[] expected = hex.toString().getBytes(StandardCharsets.UTF_8);
        boolean valid = false;
        for (String signature : given) {
            // MessageDigest.isEqual takes as long wherever the two differ, so the answer's timing gives nothing away.
            valid |= MessageDigest.isEqual(expected, signature.trim().getBytes(StandardCharsets.UTF_8));
        }
        return valid;
    }

    // Java has no JSON parser of its own: read the delivery with yours (Jackson, Gson), which also refuses a body
    // that is no JSON object. A pattern finds the two fields this sample prints, so that it runs without one.
    static String field(String json, String name) {
        Matcher match = Pattern.compile("\\"" + name + "\\"\\\\s*:\\\\s*\\"([^\\"\\\\\\\\]*)\\"").matcher(json);
        return match.find() ? match.group(1) : null;
    }

    static void answer(HttpExchange exchange, int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }

    static void handle(HttpExchange exchange) throws IOException {
        // The server refuses a malformed Content-Length itself; refuse a large body before reading it.
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        long declared = length == null ? -1 : Long.parseLong(length);
        if (declared > MAX_BODY_BYTES) {
            answer(exchange, 413);
            return;
        }
        byte[] rawBody;
        try (InputStream body = exchange.getRequestBody()) {
            rawBody = body.readNBytes(MAX_BODY_BYTES + 1);
        } catch (IOException e) {
            answer(exchange, 400); // The sender closed before the whole body came.
            return;
        }
        if (rawBody.length > MAX_BODY_BYTES || (declared >= 0 && rawBody.length != declared)) {
            answer(exchange, rawBody.length > MAX_BODY_BYTES ? 413 : 400);
            return;
        }
        List<String> signatures = exchange.getRequestHeaders().get(${javaQuoted(s.signatureHeader)});
        String timestamp = exchange.getRequestHeaders().getFirst(${javaQuoted(s.timestampHeader)});
        boolean valid;
        try {
            valid = "POST".equals(exchange.getRequestMethod())
                && verify(rawBody, signatures, timestamp, System.currentTimeMillis() / 1000);
        } catch (Exception e) {
            valid = false;
        }
        if (!valid) {
            answer(exchange, 401);
            return;
        }
        String body = new String(rawBody, StandardCharsets.UTF_8).strip();
        String eventId = field(body, "event_id");
        String event = field(body, "event");
        if (!body.startsWith("{") || !body.endsWith("}") || eventId == null || event == null) {
            answer(exchange, 400);
            return;
        }
        // Acknowledge first; slow work belongs in a queue.
        answer(exchange, 204);
        if (!SEEN.add(eventId)) {
            System.out.println("duplicate " + eventId + ": skipped");
            return;
        }
        System.out.println("received " + event + " " + eventId);
    }

    public static void main(String[] args) throws IOException {
        if (SECRET == null || SECRET.isEmpty()) {
            System.err.println(${javaQuoted(`Set ${s.secretVariable}`)});
            System.exit(1);
        }
        // The JDK server cuts off a connection whose request has not all come in this many seconds.
        System.setProperty("sun.net.httpserver.maxReqTime", "${handlerLimits.readTimeoutSeconds}");
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", WebhookHandler::handle);
        // A thread for each delivery: a slow sender holds up no other.
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
    }
}
`,
  };
}
