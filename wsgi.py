"""The WSGI entry point: ``gunicorn --worker-class gevent -w 1 wsgi:app`` (script/server)."""

from app import create_app

app = create_app()
