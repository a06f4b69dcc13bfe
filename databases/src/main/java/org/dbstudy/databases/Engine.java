package org.dbstudy.databases;

/** The database servers dbstudy can find or start. */
public enum Engine {
    POSTGRESQL("PostgreSQL", "DBSTUDY_PG", "jdbc:postgresql://127.0.0.1:5432/test", "postgres"),
    MARIADB("MariaDB", "DBSTUDY_MARIADB", "jdbc:mariadb://127.0.0.1:3306/test", "root");

    private final String displayName;
    private final String envPrefix;
    private final String localUrl;
    private final String localUser;

    Engine(String displayName, String envPrefix, String localUrl, String localUser) {
        this.displayName = displayName;
        this.envPrefix = envPrefix;
        this.localUrl = localUrl;
        this.localUser = localUser;
    }

    public String displayName() { return displayName; }

    /** Prefix of the environment variables that name a server: PREFIX_URL, PREFIX_USER, PREFIX_PASSWORD. */
    public String envPrefix() { return envPrefix; }

    /** The server this machine runs on loopback, as the project's machines are set up. */
    public String localUrl() { return localUrl; }

    public String localUser() { return localUser; }
}
