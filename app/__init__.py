"""Prune: the Flask application package (the engine lives in app.engine)."""
