"""The WSGI entry point: ``gunicorn --worker-class gthread -w 1 --threads N wsgi:app``."""

from app import create_app

app = create_app()
