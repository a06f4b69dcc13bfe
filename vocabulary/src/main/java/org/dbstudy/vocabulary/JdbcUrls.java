package org.dbstudy.vocabulary;

/** JDBC URLs as they may be shown in messages, logs and reports, and the parts of them dbstudy changes. */
public final class JdbcUrls {
    private JdbcUrls() {
    }

    /**
     * The one definition of a URL parameter whose value is a secret: the login password ({@code password},
     * {@code pwd}, Connector/J's {@code password1}–{@code password3}), the passwords of keys and keystores
     * (pgjdbc's {@code sslpassword}, Connector/J's {@code trustCertificateKeyStorePassword} and
     * {@code clientCertificateKeyStorePassword}, MariaDB's {@code keyStorePassword}, {@code keyPassword},
     * {@code trustStorePassword}): every name ending in "password" (a digit after it allowed) or {@code pwd};
     * and pgjdbc's {@code sslfactoryarg}, which a custom SSL factory may take a secret in.
     */
    private static final String SECRET_NAME = "(?i:pwd|[a-z0-9._-]*password[0-9]?|sslfactoryarg)";
    /** A secret parameter after {@code ?}, {@code &} or {@code ;}: its value ends at the next of these. */
    private static final java.util.regex.Pattern SECRET_PARAMETER =
            java.util.regex.Pattern.compile("([?&;])(" + SECRET_NAME + ")=[^&;]*");
    /** A secret in Connector/J's host part, {@code //(host=h,password=x)} or {@code address=(host=h)(password=x)}. */
    private static final java.util.regex.Pattern SECRET_IN_HOST =
            java.util.regex.Pattern.compile("([(,])(" + SECRET_NAME + ")=[^),]*");

    /** Masks every secret parameter ({@link #SECRET_NAME}) and the password of {@code user:password@}. */
    public static String redact(String url) {
        String masked = SECRET_PARAMETER.matcher(url).replaceAll("$1$2=***");
        masked = SECRET_IN_HOST.matcher(masked).replaceAll("$1$2=***");
        return masked.replaceAll("//[^/@]*:[^/@]*@", "//***:***@");
    }

    /**
     * Whether the URL holds a secret (see {@link #SECRET_NAME}, or {@code user:password@}): such a URL must
     * not be put on a command line or in a log, only passed as JMeter's passwords are.
     */
    public static boolean hasSecret(String url) {
        return !redact(url).equals(url);
    }

    /** A {@code password=}/{@code pwd=} parameter (after {@code ?}, {@code &} or {@code ;}). */
    private static final java.util.regex.Pattern PASSWORD_PARAMETER =
            java.util.regex.Pattern.compile("([?&;])(?i:password|pwd)=([^&;]*)");
    /** The {@code :password} of {@code //user:password@host}. */
    private static final java.util.regex.Pattern USER_INFO_PASSWORD = java.util.regex.Pattern.compile("//([^/@:?;]*):([^/@]*)@");

    /**
     * The password written into a URL ({@code password=}/{@code pwd=} parameter or {@code user:password@}),
     * percent-escapes decoded as the drivers decode them; null when there is none.
     */
    public static String password(String url) {
        java.util.regex.Matcher parameter = PASSWORD_PARAMETER.matcher(url);
        if (parameter.find()) {
            return percentDecoded(parameter.group(2));
        }
        java.util.regex.Matcher userInfo = USER_INFO_PASSWORD.matcher(url);
        return userInfo.find() ? percentDecoded(userInfo.group(2)) : null;
    }

    /**
     * The URL without its password: every {@code password=}/{@code pwd=} parameter and the
     * {@code :password} of {@code user:password@} removed, the rest as it was. A password is passed
     * beside the URL instead (a driver property), so the URL can be logged and put on a command line.
     */
    public static String withoutPassword(String url) {
        String out = USER_INFO_PASSWORD.matcher(url).replaceFirst("//$1@");
        // Parameters: drop each, keeping the separator that starts the query.
        out = out.replaceAll("([?;])(?i:password|pwd)=[^&;]*[&;]?", "$1").replaceAll("[&;](?i:password|pwd)=[^&;]*", "");
        return out.endsWith("?") || out.endsWith(";") ? out.substring(0, out.length() - 1) : out;
    }

    private static String percentDecoded(String text) {
        if (text.indexOf('%') < 0) {
            return text;
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < text.length() && Character.digit(text.charAt(i + 1), 16) >= 0
                    && Character.digit(text.charAt(i + 2), 16) >= 0) {
                bytes.write(Integer.parseInt(text.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                bytes.writeBytes(String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
        }
        return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * The same server and parameters with another database: {@code jdbc:KIND://HOST:PORT/DB?PARAMS}
     * with {@code database} for DB (added when the URL names none).
     */
    public static String withDatabase(String url, String database) {
        int hostStart = url.indexOf("//");
        if (hostStart < 0) {
            throw new IllegalArgumentException("not a jdbc:KIND://HOST/DATABASE URL: " + redact(url));
        }
        int query = firstOf(url, hostStart + 2, '?', ';');
        int slash = url.indexOf('/', hostStart + 2);
        if (slash < 0 || slash > query) {
            return url.substring(0, query) + "/" + database + url.substring(query);
        }
        return url.substring(0, slash + 1) + database + url.substring(query);
    }

    /** Index of the first of {@code a}, {@code b} at or after {@code from}, or the length. */
    private static int firstOf(String s, int from, char a, char b) {
        for (int i = from; i < s.length(); i++) {
            if (s.charAt(i) == a || s.charAt(i) == b) {
                return i;
            }
        }
        return s.length();
    }
}
