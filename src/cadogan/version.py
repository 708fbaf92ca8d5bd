"""The package version, kept apart so that services can import it without the facade."""

VERSION = "0.1.0"
