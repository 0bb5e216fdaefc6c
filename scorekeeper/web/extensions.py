"""The web's Flask extensions, created unbound (cookiecutter-flask's pattern):
CSRF protection, Flask-Babel and compression."""

from flask_babel import Babel
from flask_compress import Compress
from flask_wtf import CSRFProtect

csrf = CSRFProtect()
babel = Babel()
compress = Compress()
