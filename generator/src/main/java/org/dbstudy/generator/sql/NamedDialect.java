package org.dbstudy.generator.sql;

/** The names and local defaults of a dialect; subclasses add only their SQL. */
abstract class NamedDialect implements SqlDialect {
    private final String name;
    private final String samplerDialect;
    private final String defaultUrl;
    private final String defaultUser;

    NamedDialect(String name, String samplerDialect, String defaultUrl, String defaultUser) {
        this.name = name;
        this.samplerDialect = samplerDialect;
        this.defaultUrl = defaultUrl;
        this.defaultUser = defaultUser;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String samplerDialect() {
        return samplerDialect;
    }

    @Override
    public String defaultUrl() {
        return defaultUrl;
    }

    @Override
    public String defaultUser() {
        return defaultUser;
    }
}
